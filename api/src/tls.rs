//! HTTPS from the server itself, for clubs without a reverse proxy (`--tls-cert`,
//! `--tls-key`): rustls, with the ring provider the server's other TLS (webhook
//! deliveries) uses already. The certificate and key are PEM files (certbot's
//! `fullchain.pem` and `privkey.pem`), read again on SIGHUP: every handshake after it
//! takes the new certificate, connections open already go on with theirs, and a file that
//! does not read leaves the certificate in use as it was (and says why in the log).

use rustls::server::{ClientHello, ResolvesServerCert};
use rustls::sign::CertifiedKey;
use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use std::path::{Path, PathBuf};
use std::sync::{Arc, RwLock};

/// A certificate that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum TlsError {
    #[error("{path}: {why}")]
    File { path: PathBuf, why: String },
    #[error("the key {key} does not go with the certificate {cert}: {why}")]
    Mismatch { cert: PathBuf, key: PathBuf, why: String },
}

/// The server's certificate, as the files name it now.
#[derive(Debug)]
pub struct Certificates {
    cert: PathBuf,
    key: PathBuf,
    current: RwLock<Arc<CertifiedKey>>,
}

impl Certificates {
    /// Reads the certificate chain `cert` and its private key `key` (PEM).
    pub fn load(cert: &Path, key: &Path) -> Result<Arc<Certificates>, TlsError> {
        let current = read(cert, key)?;
        Ok(Arc::new(Certificates { cert: cert.to_owned(), key: key.to_owned(), current: RwLock::new(current) }))
    }

    /// Reads the files again: the certificate of every handshake from now on. On an error
    /// the certificate in use stays.
    pub fn reload(&self) -> Result<(), TlsError> {
        let fresh = read(&self.cert, &self.key)?;
        *self.current.write().unwrap_or_else(|e| e.into_inner()) = fresh;
        Ok(())
    }

    /// The TLS configuration of the server: this certificate, HTTP/1.1 (and h2 where a
    /// client offers it).
    pub fn server_config(self: &Arc<Certificates>) -> rustls::ServerConfig {
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("ring supports TLS 1.2 and 1.3")
            .with_no_client_auth()
            .with_cert_resolver(self.clone());
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        config
    }
}

impl ResolvesServerCert for Certificates {
    fn resolve(&self, _hello: ClientHello<'_>) -> Option<Arc<CertifiedKey>> {
        Some(self.current.read().unwrap_or_else(|e| e.into_inner()).clone())
    }
}

fn read(cert: &Path, key: &Path) -> Result<Arc<CertifiedKey>, TlsError> {
    let file = |path: &Path, why: String| TlsError::File { path: path.to_owned(), why };
    let chain: Vec<CertificateDer<'static>> = CertificateDer::pem_file_iter(cert)
        .map_err(|e| file(cert, e.to_string()))?
        .collect::<Result<_, _>>()
        .map_err(|e| file(cert, e.to_string()))?;
    if chain.is_empty() {
        return Err(file(cert, "no certificate in it (PEM, as certbot's fullchain.pem)".into()));
    }
    let private = PrivateKeyDer::from_pem_file(key).map_err(|e| file(key, e.to_string()))?;
    let provider = rustls::crypto::ring::default_provider();
    let signing = provider.key_provider.load_private_key(private).map_err(|e| file(key, e.to_string()))?;
    let certified = CertifiedKey::new(chain, signing);
    certified.keys_match().map_err(|e| TlsError::Mismatch {
        cert: cert.to_owned(),
        key: key.to_owned(),
        why: e.to_string(),
    })?;
    Ok(Arc::new(certified))
}

/// Reads the certificate again on every SIGHUP, for as long as the server runs.
pub async fn reload_on_hangup(certificates: Arc<Certificates>) {
    let Ok(mut hangups) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()) else {
        tracing::warn!("SIGHUP cannot be caught: the certificate is read again only at a restart");
        return;
    };
    while hangups.recv().await.is_some() {
        match certificates.reload() {
            Ok(()) => tracing::info!(cert = %certificates.cert.display(), "certificate read again"),
            Err(e) => tracing::warn!(error = %e, "the certificate could not be read again; the one in use stays"),
        }
    }
}
