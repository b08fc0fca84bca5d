//! Where the CLI keeps its files, and which server and token it uses.
//!
//! Precedence: the `--server`/`--token` flags, then `SPIELSTAND_SERVER`/`SPIELSTAND_TOKEN`
//! (clap merges these two), then the config file `spielstand login` writes, then the
//! default server. Paths follow the XDG base directories on every platform:
//! `$XDG_CONFIG_HOME/spielstand/config.toml` (default `~/.config`) and
//! `$XDG_DATA_HOME/spielstand/` (default `~/.local/share`) for the outbox.

use crate::error::{CliError, Result};
use crate::t;
use etcetera::BaseStrategy;
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

pub const DEFAULT_SERVER: &str = "http://127.0.0.1:8080";

fn xdg() -> Result<etcetera::base_strategy::Xdg> {
    etcetera::base_strategy::Xdg::new()
        .map_err(|e| CliError::local_from(t!("config-no-home", error = e.to_string()), Some(e.into())))
}

/// `$XDG_CONFIG_HOME/spielstand/config.toml`.
pub fn config_file() -> Result<PathBuf> {
    Ok(xdg()?.config_dir().join("spielstand").join("config.toml"))
}

/// `$XDG_DATA_HOME/spielstand`.
pub fn data_dir() -> Result<PathBuf> {
    Ok(xdg()?.data_dir().join("spielstand"))
}

/// What `spielstand login` saves.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConfigFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token: Option<String>,
    /// The language the command line speaks (`de` or `en`), unless `--lang` or
    /// `SPIELSTAND_LANG` says otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lang: Option<String>,
}

impl ConfigFile {
    /// The saved settings; none if the file does not exist.
    pub fn load() -> Result<ConfigFile> {
        let path = config_file()?;
        let text = match std::fs::read_to_string(&path) {
            Ok(text) => text,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(ConfigFile::default()),
            Err(e) => return Err(CliError::local(t!("config-cannot-read", path = path.display().to_string()), e)),
        };
        warn_if_readable_by_others(&path);
        toml::from_str(&text).map_err(|e| CliError::local(t!("config-not-valid", path = path.display().to_string()), e))
    }

    /// Only the saved language, read without a word: a file that cannot be read is
    /// reported by the command that needs it, once.
    pub fn saved_lang() -> Option<String> {
        // Not through `config_file()`: its error would speak a language before one is chosen.
        let path = etcetera::base_strategy::Xdg::new().ok()?.config_dir().join("spielstand").join("config.toml");
        let text = std::fs::read_to_string(path).ok()?;
        toml::from_str::<ConfigFile>(&text).ok()?.lang
    }

    /// Writes the file atomically with mode 0600 (it holds a write token).
    pub fn save(&self) -> Result<PathBuf> {
        let path = config_file()?;
        let text = format!(
            "# Written by `spielstand login`. Flags and SPIELSTAND_SERVER / SPIELSTAND_TOKEN override it.\n{}",
            toml::to_string(self).map_err(|e| CliError::local(t!("config-cannot-write-config"), e))?
        );
        write_atomically(&path, text.as_bytes())?;
        Ok(path)
    }
}

#[cfg(unix)]
fn warn_if_readable_by_others(path: &Path) {
    use std::os::unix::fs::PermissionsExt;
    if let Ok(meta) = std::fs::metadata(path)
        && meta.permissions().mode() & 0o077 != 0
    {
        eprintln!("{}", t!("config-readable-by-others", path = path.display().to_string()));
    }
}

#[cfg(not(unix))]
fn warn_if_readable_by_others(_: &Path) {}

/// Writes `bytes` to `path` so that readers see the old file or the new one, never a
/// part: a temp file in the same folder (mode 0600), flushed to disk, renamed over
/// `path`, and the folder flushed so the rename survives a crash.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path
        .parent()
        .ok_or_else(|| CliError::local_from(t!("config-no-folder", path = path.display().to_string()), None))?;
    create_private_dir(dir)?;
    let fail = |e: std::io::Error| CliError::local(t!("config-cannot-write", path = path.display().to_string()), e);
    // tempfile creates the file with mode 0600 on unix.
    let mut tmp = tempfile::Builder::new().prefix(".tmp-").tempfile_in(dir).map_err(fail)?;
    tmp.write_all(bytes).map_err(fail)?;
    tmp.as_file().sync_all().map_err(fail)?;
    tmp.persist(path).map_err(|e| fail(e.error))?;
    sync_dir(dir);
    Ok(())
}

/// Creates `dir` and its parents; new folders are private to the user.
pub fn create_private_dir(dir: &Path) -> Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir).map_err(|e| CliError::local(t!("config-cannot-create", path = dir.display().to_string()), e))
}

/// Flushes a folder's entries (renames, deletions) to disk; best effort.
pub fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// The server and token a command uses.
#[derive(Debug, Clone)]
pub struct Settings {
    pub server: String,
    pub token: Option<String>,
}

impl Settings {
    /// `server` and `token` are what clap found in the flags or the environment.
    pub fn resolve(server: Option<String>, token: Option<String>) -> Result<Settings> {
        // An empty SPIELSTAND_SERVER or SPIELSTAND_TOKEN counts as not set.
        let server = server.filter(|s| !s.trim().is_empty());
        let token = token.filter(|t| !t.trim().is_empty());
        let needs_file = server.is_none() || token.is_none();
        let file = if needs_file { ConfigFile::load()? } else { ConfigFile::default() };
        let server = server.or(file.server).unwrap_or_else(|| DEFAULT_SERVER.to_owned());
        let token = token.or(file.token).filter(|t| !t.trim().is_empty());
        Ok(Settings { server: normalise_server(&server)?, token })
    }
}

/// Checks a server URL and drops trailing slashes: `http://host:8080/` -> `http://host:8080`.
pub fn normalise_server(url: &str) -> Result<String> {
    let url = url.trim().trim_end_matches('/');
    let rest = url
        .strip_prefix("http://")
        .or_else(|| url.strip_prefix("https://"))
        .ok_or_else(|| CliError::input(t!("config-server-not-a-url", url = format!("{url:?}"))))?;
    if rest.is_empty() {
        return Err(CliError::input(t!("config-server-no-host", url = format!("{url:?}"))));
    }
    Ok(url.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_urls_are_checked_and_trimmed() {
        assert_eq!(normalise_server("http://127.0.0.1:8080/").unwrap(), "http://127.0.0.1:8080");
        assert_eq!(normalise_server("https://club.example/spiel").unwrap(), "https://club.example/spiel");
        assert!(normalise_server("127.0.0.1:8080").is_err());
        assert!(normalise_server("http://").is_err());
    }

    #[test]
    fn config_round_trips_through_toml() {
        let c = ConfigFile { server: Some("http://h:1".into()), token: Some("t".into()), lang: None };
        assert_eq!(toml::from_str::<ConfigFile>(&toml::to_string(&c).unwrap()).unwrap(), c);
        assert_eq!(toml::from_str::<ConfigFile>("").unwrap(), ConfigFile::default());
    }
}
