//! `spielstand login`: check the server and token, then save them (mode 0600).

use crate::client::Client;
use crate::config::{ConfigFile, DEFAULT_SERVER, Settings, normalise_server};
use crate::error::{CliError, Result};
use crate::input::console;
use crate::t;
use spielstand_wire::calls;
use std::io::{IsTerminal, Read};

pub fn run(server: Option<String>, token: Option<String>) -> Result<()> {
    let saved = ConfigFile::load()?;
    let server = server.filter(|s| !s.trim().is_empty()).or(saved.server).unwrap_or_else(|| DEFAULT_SERVER.to_owned());
    let server = normalise_server(&server)?;
    let token = match token.filter(|t| !t.trim().is_empty()) {
        Some(token) => Some(token.trim().to_owned()),
        None if console::is_interactive() => {
            let typed = rpassword::prompt_password(format!("{} ", t!("login-token-prompt", server = &server)))
                .map_err(|e| CliError::input_from(t!("login-cannot-read-token", error = e.to_string()), e))?;
            Some(typed.trim().to_owned()).filter(|t| !t.is_empty())
        }
        // Piped in (`spielstand-api token create ... | tail -1 | spielstand login`): the
        // first line of standard input is the token.
        None if !std::io::stdin().is_terminal() => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| CliError::input_from(t!("login-cannot-read-token-stdin", error = e.to_string()), e))?;
            text.lines().map(str::trim).find(|l| !l.is_empty()).map(str::to_owned)
        }
        None => None,
    };
    let client = Client::new(&Settings { server: server.clone(), token: token.clone() });
    let checked = match client.send(calls::health()) {
        Ok(_) => match &token {
            Some(_) => check_token(&client)?,
            None => t!("login-reachable"),
        },
        Err(e) if e.is_transient() => t!("login-not-checked", error = e.to_string()),
        Err(e) => return Err(e),
    };
    // The language the file may name stays.
    let lang = ConfigFile::load().ok().and_then(|c| c.lang);
    let path = ConfigFile { server: Some(server.clone()), token: token.clone(), lang }.save()?;
    eprintln!("{}", t!("login-saved", path = path.display().to_string()));
    eprintln!("  {}", t!("login-server", server = &server, checked = checked));
    eprintln!("  {}", if token.is_some() { t!("login-token-saved") } else { t!("login-token-none") });
    Ok(())
}

/// `GET /token` names a valid token and refuses a bad one (401) or a revoked one (403).
fn check_token(client: &Client) -> Result<String> {
    match client.send(calls::check_token()) {
        Ok((token, _)) => {
            let (name, scope) = (format!("{:?}", token.name), token.scope.to_string());
            Ok(match token.league_id {
                Some(league) => t!("login-token-accepted-for-league", name = name, scope = scope, league = league),
                None => t!("login-token-accepted", name = name, scope = scope),
            })
        }
        Err(e) if e.is_transient() => Ok(t!("login-token-not-checked", error = e.to_string())),
        Err(e) => Err(e),
    }
}
