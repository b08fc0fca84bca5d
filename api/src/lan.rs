//! The club's network (`--lan`): which addresses of this machine phones can reach, and
//! which one links and QR codes name.

use std::net::{IpAddr, Ipv4Addr, UdpSocket};

/// An address of this machine on a network: the interface's name and the address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    pub interface: String,
    pub ip: IpAddr,
}

/// This machine's addresses that another machine could reach: not loopback, not
/// link-local; IPv4 before IPv6 (a phone types and scans it more easily), the networks of
/// virtual machines and containers (`docker0`, `veth…`, `br-…`, `virbr…`) last.
pub fn addresses() -> Vec<Address> {
    let mut found: Vec<Address> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| !i.is_loopback() && !i.is_link_local())
        .map(|i| Address { ip: i.ip(), interface: i.name })
        .collect();
    found.sort_by_key(|a| (virtual_interface(&a.interface), a.ip.is_ipv6(), !private(a.ip)));
    found.dedup();
    found
}

/// The address phones use: the one the machine's default route leaves from (the kernel
/// says which when a UDP socket is connected; nothing is sent), if it is one of
/// `addresses`; else the first of them.
pub fn phones_address(addresses: &[Address]) -> Option<IpAddr> {
    let routed = UdpSocket::bind((Ipv4Addr::UNSPECIFIED, 0))
        .and_then(|socket| {
            // TEST-NET-1: never a real host, but routed as any public address is.
            socket.connect((Ipv4Addr::new(192, 0, 2, 1), 9))?;
            socket.local_addr()
        })
        .ok()
        .map(|a| a.ip());
    routed
        .filter(|ip| addresses.iter().any(|a| a.ip == *ip && !virtual_interface(&a.interface)))
        .or_else(|| addresses.first().map(|a| a.ip))
}

/// An interface of containers or virtual machines on this machine: phones are not there.
fn virtual_interface(name: &str) -> bool {
    ["docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "lxc", "cni", "flannel"].iter().any(|p| name.starts_with(p))
}

/// An address of a private network (RFC 1918, or IPv6 unique-local): a club's network.
fn private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => v4.is_private(),
        IpAddr::V6(v6) => (v6.segments()[0] & 0xfe00) == 0xfc00,
    }
}

/// `http://ADDRESS:PORT`, with an IPv6 address in brackets.
pub fn url(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{port}"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_club_s_network_before_containers_and_ipv6() {
        let a = |interface: &str, ip: &str| Address { interface: interface.into(), ip: ip.parse().unwrap() };
        let mut found =
            [a("docker0", "172.17.0.1"), a("wlan0", "fd00::5"), a("wlan0", "192.168.1.20"), a("eth1", "203.0.113.9")];
        found.sort_by_key(|a| (virtual_interface(&a.interface), a.ip.is_ipv6(), !private(a.ip)));
        assert_eq!(found[0], a("wlan0", "192.168.1.20"));
        assert_eq!(found[3], a("docker0", "172.17.0.1"));
        assert_eq!(url("fd00::5".parse().unwrap(), 8080), "http://[fd00::5]:8080");
        assert_eq!(url("192.168.1.20".parse().unwrap(), 8080), "http://192.168.1.20:8080");
    }

    #[test]
    fn this_machine_s_addresses_are_never_loopback() {
        assert!(addresses().iter().all(|a| !a.ip.is_loopback()));
    }
}
