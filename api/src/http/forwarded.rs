//! Who the client is and which host it asked for, as the connection says it, or as a
//! reverse proxy the operator trusts (`--trusted-proxy`) forwards it: `Forwarded` (RFC
//! 7239), `X-Forwarded-For`, `X-Forwarded-Host` and `X-Forwarded-Proto` are anyone's to
//! write, so they count only on a connection from such a proxy. The quotas key on the
//! client's address, the origin check of the pages' forms on the host, the links phones
//! follow on both.

use actix_web::HttpRequest;
use actix_web::http::header::{self, HeaderMap};
use std::net::IpAddr;

/// The reverse proxies trusted to say who the client is.
#[derive(Debug, Clone, Default)]
pub struct Proxies {
    trusted: Vec<IpAddr>,
}

impl Proxies {
    pub fn new(trusted: &[IpAddr]) -> Proxies {
        Proxies { trusted: trusted.to_vec() }
    }

    /// Is `peer` a proxy the operator named?
    pub fn trusts(&self, peer: IpAddr) -> bool {
        self.trusted.contains(&canonical(peer))
    }

    /// The client's address: the peer's; on a trusted proxy's connection, the nearest
    /// address its forwarding chain names that is not itself a trusted proxy. Read from
    /// the right: each proxy appends the address it was connected from, so only the
    /// entries our proxies wrote are known to be true (a client can start the chain
    /// with any address it likes).
    pub fn client(
        &self,
        peer: Option<IpAddr>,
        forwarded: Option<&str>,
        x_forwarded_for: Option<&str>,
    ) -> Option<IpAddr> {
        let peer = canonical(peer?);
        if !self.trusts(peer) {
            return Some(peer);
        }
        let chain: Vec<IpAddr> = match forwarded {
            Some(f) => elements(f).filter_map(|e| parameter(e, "for")).filter_map(|v| parse_address(&v)).collect(),
            None => x_forwarded_for.map_or_else(Vec::new, |x| x.split(',').filter_map(parse_address).collect()),
        };
        let nearest_untrusted = chain.iter().rev().map(|a| canonical(*a)).find(|a| !self.trusts(*a));
        Some(nearest_untrusted.or_else(|| chain.first().copied()).unwrap_or(peer))
    }

    /// The client's address of request `req`.
    pub fn client_of(&self, req: &HttpRequest) -> Option<IpAddr> {
        let headers = req.headers();
        self.client(
            req.peer_addr().map(|a| a.ip()),
            text(headers, header::FORWARDED),
            text(headers, header::HeaderName::from_static("x-forwarded-for")),
        )
    }

    /// The host (with its port, as sent) the client asked for: the request's own `Host`
    /// (or its HTTP/2 authority); a trusted proxy's `Forwarded: host=` or
    /// `X-Forwarded-Host` on a connection from it.
    pub fn host(&self, req: &HttpRequest) -> Option<String> {
        let headers = req.headers();
        if self.through_proxy(req) {
            let forwarded = text(headers, header::FORWARDED)
                .and_then(|f| elements(f).next().and_then(|e| parameter(e, "host")))
                .or_else(|| first(text(headers, header::HeaderName::from_static("x-forwarded-host"))));
            if forwarded.is_some() {
                return forwarded;
            }
        }
        req.uri().authority().map(|a| a.as_str().to_owned()).or_else(|| text(headers, header::HOST).map(str::to_owned))
    }

    /// The scheme the client used: the connection's; a trusted proxy's `Forwarded:
    /// proto=` or `X-Forwarded-Proto` on a connection from it.
    pub fn scheme(&self, req: &HttpRequest) -> String {
        let headers = req.headers();
        if self.through_proxy(req) {
            let forwarded = text(headers, header::FORWARDED)
                .and_then(|f| elements(f).next().and_then(|e| parameter(e, "proto")))
                .or_else(|| first(text(headers, header::HeaderName::from_static("x-forwarded-proto"))))
                .map(|p| p.to_ascii_lowercase())
                .filter(|p| p == "http" || p == "https");
            if let Some(scheme) = forwarded {
                return scheme;
            }
        }
        // The connection's own scheme; actix's `connection_info` would believe anyone's
        // forwarded headers.
        if req.app_config().secure() { "https" } else { "http" }.to_owned()
    }

    fn through_proxy(&self, req: &HttpRequest) -> bool {
        !self.trusted.is_empty() && req.peer_addr().is_some_and(|a| self.trusts(a.ip()))
    }
}

fn text(headers: &HeaderMap, name: header::HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

fn first(list: Option<&str>) -> Option<String> {
    list?.split(',').next().map(str::trim).filter(|s| !s.is_empty()).map(str::to_owned)
}

/// The elements of a `Forwarded` header, one per proxy, in order.
fn elements(forwarded: &str) -> impl Iterator<Item = &str> {
    forwarded.split(',')
}

/// A parameter of one `Forwarded` element (`for=...;proto=https`), unquoted.
fn parameter(element: &str, name: &str) -> Option<String> {
    element.split(';').find_map(|pair| {
        let (key, value) = pair.trim().split_once('=')?;
        key.trim().eq_ignore_ascii_case(name).then(|| value.trim().trim_matches('"').to_owned())
    })
}

/// An IPv4 address mapped into IPv6 (`::ffff:10.0.0.1`, as a dual-stack socket reports
/// it) is that IPv4 address.
fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// An address as `Forwarded` or `X-Forwarded-For` write it: `192.0.2.1`,
/// `"[2001:db8::1]:4711"`, `192.0.2.1:4711`.
fn parse_address(text: &str) -> Option<IpAddr> {
    let text = text.trim().trim_matches('"');
    if let Ok(ip) = text.parse() {
        return Some(ip);
    }
    if let Some(rest) = text.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    text.rsplit_once(':').and_then(|(host, _)| host.parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn forwarded_addresses_only_from_trusted_proxies() {
        let proxies = Proxies::new(&[ip("10.0.0.1"), ip("10.0.0.9")]);
        let fwd = Some("for=\"[2001:db8::7]:4711\";proto=https, for=10.0.0.9");
        assert_eq!(proxies.client(Some(ip("10.0.0.1")), fwd, None), Some(ip("2001:db8::7")));
        assert_eq!(
            proxies.client(Some(ip("10.0.0.1")), None, Some("198.51.100.4, 10.0.0.1")),
            Some(ip("198.51.100.4"))
        );
        // Anyone else's headers are ignored.
        assert_eq!(proxies.client(Some(ip("203.0.113.5")), fwd, Some("198.51.100.4")), Some(ip("203.0.113.5")));
        assert_eq!(proxies.client(Some(ip("10.0.0.1")), Some("for=unknown"), None), Some(ip("10.0.0.1")));
        // A dual-stack socket's mapped address is the proxy's.
        assert_eq!(proxies.client(Some(ip("::ffff:10.0.0.1")), None, Some("198.51.100.4")), Some(ip("198.51.100.4")));
    }

    #[test]
    fn a_client_cannot_choose_its_address_by_starting_the_chain() {
        let proxies = Proxies::new(&[ip("10.0.0.1")]);
        // The client sent `X-Forwarded-For: 192.0.2.99`; the proxy appended the address
        // it was connected from.
        assert_eq!(
            proxies.client(Some(ip("10.0.0.1")), None, Some("192.0.2.99, 198.51.100.4")),
            Some(ip("198.51.100.4"))
        );
        let fwd = Some("for=192.0.2.99, for=198.51.100.4");
        assert_eq!(proxies.client(Some(ip("10.0.0.1")), fwd, None), Some(ip("198.51.100.4")));
        // A proxy in the chain that is not named counts as the client.
        let chained = Some("for=\"[2001:db8::7]:4711\";proto=https, for=10.0.0.9");
        assert_eq!(proxies.client(Some(ip("10.0.0.1")), chained, None), Some(ip("10.0.0.9")));
    }

    #[test]
    fn the_host_and_scheme_are_forwarded_only_by_trusted_proxies() {
        use actix_web::test::TestRequest;
        let proxies = Proxies::new(&[ip("10.0.0.1")]);
        let from = |peer: &str| {
            TestRequest::default()
                .peer_addr(format!("{peer}:50000").parse().unwrap())
                .insert_header(("host", "127.0.0.1:8080"))
                .insert_header(("x-forwarded-host", "evil.example"))
                .insert_header(("x-forwarded-proto", "https"))
                .to_http_request()
        };
        let direct = from("192.0.2.7");
        assert_eq!(proxies.host(&direct).as_deref(), Some("127.0.0.1:8080"));
        assert_eq!(proxies.scheme(&direct), "http");
        let proxied = from("10.0.0.1");
        assert_eq!(proxies.host(&proxied).as_deref(), Some("evil.example"));
        assert_eq!(proxies.scheme(&proxied), "https");
        let forwarded = TestRequest::default()
            .peer_addr("10.0.0.1:50000".parse().unwrap())
            .insert_header(("host", "backend:8080"))
            .insert_header(("forwarded", "for=192.0.2.7;host=liga.example.org;proto=https"))
            .to_http_request();
        assert_eq!(proxies.host(&forwarded).as_deref(), Some("liga.example.org"));
        assert_eq!(proxies.scheme(&forwarded), "https");
        // Without any trusted proxy, nobody's forwarded host counts.
        assert_eq!(Proxies::default().host(&proxied).as_deref(), Some("127.0.0.1:8080"));
    }
}
