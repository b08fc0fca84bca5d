//! The handlers, one file per area of the API. A handler takes what its request carries,
//! reads views (`views`) or writes through the store, and answers with `render` and the
//! response policies of `http`; it never imports another handler (a test below keeps it
//! so): what two handlers share lives below them.

pub mod audit;
pub mod batch;
pub mod charts;
pub mod embed;
pub mod events;
pub mod export;
pub mod feeds;
pub mod leagues;
pub mod meta;
pub mod players;
pub mod results;
pub mod standings;
pub mod stats;
pub mod webhooks;

#[cfg(test)]
mod tests {
    use std::path::Path;

    /// No handler file names another handler module, however it is spelled.
    #[test]
    fn handlers_never_import_handlers() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/http/handlers");
        let files: Vec<(String, String)> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "rs") && !p.ends_with("mod.rs"))
            .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), std::fs::read_to_string(&p).unwrap()))
            .collect();
        assert!(files.len() > 10, "found the handlers in {}", dir.display());
        let mut found = Vec::new();
        for (name, text) in &files {
            let code = text.split("#[cfg(test)]").next().unwrap_or(text);
            if code.contains("handlers::") || code.contains("super::{") {
                found.push(format!("{name}.rs names the handlers module"));
            }
            for (other, _) in files.iter().filter(|(other, _)| other != name) {
                if code.contains(&format!("super::{other}")) {
                    found.push(format!("{name}.rs imports {other}.rs"));
                }
            }
        }
        assert!(found.is_empty(), "handlers import handlers: {found:?}");
    }
}
