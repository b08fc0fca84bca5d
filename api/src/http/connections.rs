//! Per-address shares of what a client holds open: connections, and the live streams of
//! club nights. One address (a slow client, or a few hundred of them on one machine)
//! takes at most its share, so that `/api/v1/health`, the other members and the other
//! nights' followers keep theirs.
//!
//! A connection over its address's share is refused as soon as it is accepted, before it
//! can send anything: a short 503 is written to it and it is shut, so it holds no file
//! and no place in the worker's connection limit. Trusted proxies (`--trusted-proxy`)
//! have no share: every client behind them arrives from their address (their own limits
//! apply, and the streams' share keys on the forwarded client).

use crate::http::forwarded::Proxies;
use actix_web::dev::Extensions;
use rustc_hash::FxHashMap;
use std::any::Any;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

/// How many of something each address may hold at once.
#[derive(Debug, Clone)]
pub struct Shares {
    max: usize,
    held: Arc<Mutex<FxHashMap<IpAddr, usize>>>,
}

/// One place of an address's share, given back when dropped.
#[derive(Debug)]
pub struct Share {
    address: IpAddr,
    held: Arc<Mutex<FxHashMap<IpAddr, usize>>>,
}

impl Shares {
    /// Shares of `max` per address; 0: no limit.
    pub fn new(max: usize) -> Shares {
        Shares { max, held: Arc::default() }
    }

    /// A place for `address`, unless it holds its share already.
    pub fn take(&self, address: IpAddr) -> Option<Share> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let count = held.entry(address).or_insert(0);
        if self.max > 0 && *count >= self.max {
            return None;
        }
        *count += 1;
        Some(Share { address, held: self.held.clone() })
    }

    /// The places `address` holds now.
    pub fn held_by(&self, address: IpAddr) -> usize {
        self.held.lock().unwrap_or_else(|e| e.into_inner()).get(&address).copied().unwrap_or(0)
    }
}

impl Drop for Share {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        // The map holds addresses with something open only: it is bounded by the
        // connections themselves.
        if let Some(count) = held.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.address);
            }
        }
    }
}

/// What a connection over its address's share reads before it is shut: a complete HTTP
/// answer, so that a client shows a reason instead of a reset.
const REFUSED: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\n\
content-type: application/problem+json\r\n\
retry-after: 5\r\n\
connection: close\r\n\
content-length: 157\r\n\r\n\
{\"type\":\"/problems/unavailable\",\"title\":\"Service Unavailable\",\"status\":503,\"detail\":\"too many connections from this address at once; close some, then retry\"}";

/// The connection limit of a server: called for every accepted connection
/// (`HttpServer::on_connect`). Keeps the connection's place in its address's share in
/// the connection's data, where it lives exactly as long as the connection.
pub fn on_connect(shares: Shares, proxies: Proxies) -> impl Fn(&dyn Any, &mut Extensions) + Send + Sync + 'static {
    move |io, data| {
        // Plain HTTP, or HTTPS the server speaks itself (the socket under its TLS).
        type Tls = actix_tls::accept::rustls_0_23::TlsStream<actix_web::rt::net::TcpStream>;
        let (stream, plain) = match (io.downcast_ref::<actix_web::rt::net::TcpStream>(), io.downcast_ref::<Tls>()) {
            (Some(stream), _) => (stream, true),
            (None, Some(tls)) => (tls.get_ref().0, false),
            (None, None) => return,
        };
        let Ok(peer) = stream.peer_addr() else { return };
        if proxies.trusts(peer.ip()) {
            return;
        }
        match shares.take(peer.ip()) {
            Some(share) => {
                data.insert(share);
            }
            None => {
                metrics::counter!("spielstand_connections_refused_total").increment(1);
                tracing::debug!(client = %peer.ip(), "connection refused: its address holds its share");
                // A fresh socket's send buffer takes these few bytes at once (in plain
                // HTTP only: under TLS nothing is said before the handshake); the shut
                // socket reads as closed to the server, which lets it go at once.
                if plain {
                    let _ = stream.try_write(REFUSED);
                }
                let _ = socket2::SockRef::from(stream).shutdown(std::net::Shutdown::Both);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_takes_its_share_and_gets_it_back() {
        let shares = Shares::new(2);
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let first = shares.take(a).unwrap();
        let _second = shares.take(a).unwrap();
        assert!(shares.take(a).is_none(), "over its share");
        assert!(shares.take(b).is_some(), "another address keeps its own");
        drop(first);
        assert_eq!(shares.held_by(a), 1);
        assert!(shares.take(a).is_some(), "a place given back is taken again");
        assert!(Shares::new(0).take(a).is_some(), "0: no limit");
    }

    #[test]
    fn the_refusal_is_a_whole_answer() {
        let text = std::str::from_utf8(REFUSED).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        assert!(head.contains(&format!("content-length: {}", body.len())), "{head}");
        let problem: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(problem["status"], 503);
    }
}
