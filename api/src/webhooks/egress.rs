//! Where webhooks may be delivered: public addresses only, unless the operator allows a
//! host (`--webhook-allow-host`, for a receiver on the same machine or network).
//!
//! A token holder chooses the URL, so without this the server would POST to its own
//! loopback, the cloud's metadata service or the club's router, and the delivery log would
//! tell open ports from closed ones. The check runs on the addresses a host name resolves
//! to, however the address is written (`127.1`, `2130706433`, `0x7f000001` and
//! `[::ffff:127.0.0.1]` all resolve to loopback): at registration for a clear 422, and again
//! at every delivery, inside the HTTP client's resolver, so that the connection goes only to
//! addresses that passed (a host that resolves elsewhere later gains nothing).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, ToSocketAddrs};
use std::sync::Arc;

/// The operator's exceptions: host names or addresses (as written in the URL, compared
/// case-insensitively, without brackets) whose addresses are not checked.
#[derive(Debug, Clone, Default)]
pub struct Egress {
    allowed: Arc<Vec<String>>,
}

impl Egress {
    pub fn allowing(hosts: impl IntoIterator<Item = String>) -> Egress {
        let allowed = hosts.into_iter().map(|h| normal_host(&h)).filter(|h| !h.is_empty()).collect();
        Egress { allowed: Arc::new(allowed) }
    }

    /// Is `host` (from a URL) one the operator allowed?
    pub fn allows_host(&self, host: &str) -> bool {
        let host = normal_host(host);
        self.allowed.contains(&host)
    }

    /// The addresses `host:port` resolves to, if every one of them may be reached; the
    /// reason otherwise. An allowed host is resolved but not checked.
    pub fn resolve(&self, host: &str, port: u16) -> Result<Vec<SocketAddr>, Refused> {
        let bare = host.trim_start_matches('[').trim_end_matches(']');
        let addrs: Vec<SocketAddr> = (bare, port).to_socket_addrs().map_err(|_| Refused::Unresolved)?.collect();
        if addrs.is_empty() {
            return Err(Refused::Unresolved);
        }
        if !self.allows_host(host)
            && let Some(bad) = addrs.iter().find(|a| !is_public(a.ip()))
        {
            return Err(Refused::NotPublic(bad.ip()));
        }
        Ok(addrs)
    }
}

fn normal_host(host: &str) -> String {
    host.trim().trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase()
}

/// Why an address may not be delivered to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// The host name does not resolve (at registration this is not held against it: the
    /// delivery checks again).
    Unresolved,
    /// It resolves to a loopback, private, link-local, unique-local, multicast,
    /// unspecified or otherwise non-public address.
    NotPublic(IpAddr),
}

/// May a webhook be delivered to `ip`? Only to addresses routed on the public internet.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            // ::ffff:a.b.c.d is a.b.c.d.
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0 // "this network"
        || (a == 100 && (64..128).contains(&b)) // shared address space (carrier NAT)
        || (a == 192 && b == 0 && ip.octets()[2] == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local fc00::/7
        || (first & 0xffc0) == 0xfe80 // link local fe80::/10
        || (first & 0xffc0) == 0xfec0 // site local (deprecated) fec0::/10
        || first == 0x2001 && ip.segments()[1] == 0x0db8 // documentation
        || ip.segments()[..6] == [0, 0, 0, 0, 0, 0] // IPv4-compatible ::a.b.c.d
        || ip.segments()[..6] == [0x64, 0xff9b, 0, 0, 0, 0] && !is_public_v4(embedded_v4(ip))) // NAT64
}

fn embedded_v4(ip: Ipv6Addr) -> Ipv4Addr {
    let s = ip.segments();
    Ipv4Addr::new((s[6] >> 8) as u8, s[6] as u8, (s[7] >> 8) as u8, s[7] as u8)
}

/// The HTTP client's resolver for deliveries: resolves with the system, then refuses the
/// connection unless every address may be reached.
#[derive(Debug, Clone)]
pub struct CheckedResolver {
    pub egress: Egress,
}

impl ureq::unversioned::resolver::Resolver for CheckedResolver {
    fn resolve(
        &self,
        uri: &ureq::http::Uri,
        _config: &ureq::config::Config,
        _timeout: ureq::unversioned::transport::NextTimeout,
    ) -> Result<ureq::unversioned::resolver::ResolvedSocketAddrs, ureq::Error> {
        let host = uri.host().ok_or(ureq::Error::HostNotFound)?;
        let port = uri.port_u16().unwrap_or(if uri.scheme_str() == Some("https") { 443 } else { 80 });
        let addrs = self.egress.resolve(host, port).map_err(|refused| match refused {
            Refused::Unresolved => ureq::Error::HostNotFound,
            Refused::NotPublic(_) => ureq::Error::Io(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "the receiver's address is not public",
            )),
        })?;
        let mut resolved = self.empty();
        for addr in addrs.into_iter().take(16) {
            resolved.push(addr);
        }
        Ok(resolved)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_of_writing_an_internal_address_is_refused() {
        let egress = Egress::default();
        for host in [
            "127.0.0.1",
            "[::1]",
            "localhost",
            "2130706433",
            "127.1",
            "0x7f000001",
            "[::ffff:127.0.0.1]",
            "169.254.169.254",
            "10.0.0.1",
            "172.16.5.4",
            "192.168.1.1",
            "0.0.0.0",
            "[::]",
            "[fd00::1]",
            "[fe80::1]",
            "224.0.0.1",
            "100.64.0.1",
        ] {
            let refused = egress.resolve(host, 80);
            assert!(matches!(refused, Err(Refused::NotPublic(_))), "{host}: {refused:?}");
        }
        for public in ["93.184.216.34", "[2606:4700:4700::1111]", "1.1.1.1"] {
            assert!(egress.resolve(public, 443).is_ok(), "{public}");
        }
    }

    #[test]
    fn the_operator_may_allow_a_host() {
        let egress = Egress::allowing(["127.0.0.1".to_owned(), "LocalHost".to_owned()]);
        assert!(egress.resolve("127.0.0.1", 8080).is_ok());
        assert!(egress.resolve("localhost", 8080).is_ok());
        // Only the host as written: another spelling of the same address is not allowed.
        assert!(egress.resolve("127.1", 8080).is_err());
    }
}
