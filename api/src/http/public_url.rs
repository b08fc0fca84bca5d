//! The address the server is reached at from outside (`--public-url`): the only source
//! of absolute links. A request's `Host` or `Forwarded` header is chosen by whoever sends
//! it, so a link built from it could point anywhere, and a shared cache would hand that
//! link to everyone.

use std::fmt;
use std::str::FromStr;

/// An absolute `http`/`https` URL without query or fragment, kept without its trailing
/// slash so that paths are appended to it as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// What absolute links start with: the public URL, or nothing, which leaves links
    /// relative to the document that carries them.
    pub fn base(url: Option<&PublicUrl>) -> &str {
        url.map_or("", |u| u.0.as_str())
    }

    /// Its origin, as a browser's `Origin` header names it: `https://liga.example.org`.
    pub fn origin(&self) -> &str {
        let after_scheme = self.0.find("://").map_or(0, |i| i + 3);
        match self.0[after_scheme..].find('/') {
            Some(path) => &self.0[..after_scheme + path],
            None => &self.0,
        }
    }
}

impl FromStr for PublicUrl {
    type Err = String;

    fn from_str(s: &str) -> Result<PublicUrl, String> {
        let uri: actix_web::http::Uri =
            s.parse().map_err(|e| format!("{s:?} is not a URL ({e}); e.g. https://liga.example.org"))?;
        match uri.scheme_str() {
            Some("http" | "https") => {}
            _ => return Err(format!("{s:?}: the public URL starts with https:// or http://")),
        }
        if uri.host().is_none_or(str::is_empty) {
            return Err(format!("{s:?}: the public URL names a host"));
        }
        if uri.query().is_some() || s.contains('#') {
            return Err(format!("{s:?}: the public URL has no query or fragment"));
        }
        if s.contains('@') {
            return Err(format!("{s:?}: the public URL carries no user name or password"));
        }
        Ok(PublicUrl(s.trim_end_matches('/').to_owned()))
    }
}

impl fmt::Display for PublicUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::PublicUrl;

    #[test]
    fn a_public_url_is_absolute_and_kept_without_its_trailing_slash() {
        let url: PublicUrl = "https://tsv-beispiel.de/spielstand/".parse().unwrap();
        assert_eq!(PublicUrl::base(Some(&url)), "https://tsv-beispiel.de/spielstand");
        assert_eq!(PublicUrl::base(None), "");
        for refused in
            ["/spielstand", "ftp://a.de", "https://a.de/?x=1", "https://a.de/#top", "https://u:p@a.de", "https://"]
        {
            assert!(refused.parse::<PublicUrl>().is_err(), "{refused}");
        }
    }
}

/// Does `base` (`http://HOST:PORT`) name this machine for itself only (`127.0.0.1`,
/// `localhost`, `[::1]`), an address no phone can reach?
pub fn loopback(base: &str) -> bool {
    let authority = base.split_once("://").map_or(base, |(_, rest)| rest);
    let authority = authority.split('/').next().unwrap_or(authority);
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(v6),
        None => authority.rsplit_once(':').map_or(authority, |(host, _)| host),
    };
    host.eq_ignore_ascii_case("localhost")
        || host.to_ascii_lowercase().ends_with(".localhost")
        || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

#[cfg(test)]
mod loopback_tests {
    #[test]
    fn loopback_addresses_are_known_in_every_spelling() {
        for base in [
            "http://127.0.0.1:8080",
            "http://localhost:8080",
            "http://[::1]:8080",
            "http://127.0.0.2",
            "https://LOCALHOST/x",
        ] {
            assert!(super::loopback(base), "{base}");
        }
        for base in
            ["http://192.168.1.20:8080", "http://club.lan:8080", "https://liga.example.org", "http://[fd00::2]:8080"]
        {
            assert!(!super::loopback(base), "{base}");
        }
    }
}
