//! HTTPS from the server itself (`--tls-cert`, `--tls-key`), with certificates this test
//! makes: the API answers over TLS with HSTS, the pages' cookies are `Secure`, plain HTTP
//! gets no answer, and on SIGHUP the server takes renewed files for every new handshake
//! while a connection opened before goes on; a file that does not read leaves the
//! certificate in use.

use crate::common::TestDb;
use crate::common::process::{Server, token};
use std::path::Path;
use std::time::{Duration, Instant};

/// A self-signed certificate for 127.0.0.1 and localhost, written as PEM files into `dir`;
/// its DER for a client that trusts it.
fn certificate(dir: &Path, name: &str) -> (std::path::PathBuf, std::path::PathBuf, Vec<u8>) {
    let made = rcgen::generate_simple_self_signed(vec!["127.0.0.1".to_owned(), "localhost".to_owned()]).unwrap();
    let (cert, key) = (dir.join(format!("{name}.pem")), dir.join(format!("{name}-key.pem")));
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    (cert, key, made.cert.der().to_vec())
}

/// A client that trusts only `der`, keeping its connections alive between requests.
fn trusting(der: &[u8]) -> ureq::Agent {
    let cert = ureq::tls::Certificate::from_der(der).to_owned();
    let tls = ureq::tls::TlsConfig::builder().root_certs(ureq::tls::RootCerts::new_with_certs(&[cert])).build();
    ureq::Agent::config_builder()
        .tls_config(tls)
        .http_status_as_error(false)
        // The sign-in's 303 is the answer to look at (its cookie), not the page it leads to.
        .max_redirects(0)
        .timeout_global(Some(Duration::from_secs(10)))
        .build()
        .into()
}

#[test]
fn the_server_speaks_https_itself_and_takes_a_renewed_certificate_on_sighup_sqlite() {
    speaks_https_and_takes_a_renewed_certificate(TestDb::sqlite());
}

#[test]
#[ignore = "needs PostgreSQL (SPIELSTAND_TEST_POSTGRES_URL, default postgres://postgres@127.0.0.1:5432/postgres)"]
fn the_server_speaks_https_itself_and_takes_a_renewed_certificate_on_sighup_postgres() {
    speaks_https_and_takes_a_renewed_certificate(TestDb::postgres());
}

fn speaks_https_and_takes_a_renewed_certificate(db: TestDb) {
    let admin = token(&db);
    let dir = tempfile::tempdir().unwrap();
    let (cert, key, first) = certificate(dir.path(), "first");
    let server = Server::listening(
        &db,
        &[("SPIELSTAND_TLS_CERT", cert.display().to_string()), ("SPIELSTAND_TLS_KEY", key.display().to_string())],
    );
    let base = server.base.replacen("http://", "https://", 1);
    let client = trusting(&first);
    let deadline = Instant::now() + Duration::from_secs(30);
    let ready = loop {
        match client.get(&format!("{base}/api/v1/ready")).call() {
            Ok(r) if r.status() == 200 => break r,
            _ if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            other => panic!("no answer over HTTPS: {other:?}"),
        }
    };
    assert_eq!(
        ready.headers().get("strict-transport-security").and_then(|v| v.to_str().ok()),
        Some("max-age=31536000"),
        "HSTS over HTTPS"
    );
    // The pages' cookies go over HTTPS only.
    let signed = client
        .post(&format!("{base}/app/sign-in"))
        .header("Origin", &base)
        .header("Accept", "text/html")
        .content_type("application/x-www-form-urlencoded")
        .send(format!("token={admin}").as_bytes())
        .unwrap();
    let cookie = signed.headers().get("set-cookie").and_then(|v| v.to_str().ok()).unwrap_or_default().to_owned();
    assert!(cookie.starts_with("spielstand_session=") && cookie.contains("Secure"), "{cookie}");
    // Plain HTTP on the same port is no way in.
    let plain = ureq::Agent::config_builder().timeout_global(Some(Duration::from_secs(5))).build();
    let plain: ureq::Agent = plain.into();
    assert!(plain.get(&format!("{}/api/v1/ready", server.base)).call().is_err(), "plain HTTP answered");

    // Renewed files (as certbot writes them), then SIGHUP.
    let (renewed_cert, renewed_key, second) = certificate(dir.path(), "second");
    std::fs::rename(&renewed_cert, &cert).unwrap();
    std::fs::rename(&renewed_key, &key).unwrap();
    let hangup = std::process::Command::new("kill").args(["-HUP", &server.child.id().to_string()]).status().unwrap();
    assert!(hangup.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    while !server.log.lock().unwrap().iter().any(|l| l.contains("certificate read again")) {
        assert!(Instant::now() < deadline, "the server did not read the certificate again");
        std::thread::sleep(Duration::from_millis(20));
    }
    // The connection opened before goes on; a new handshake gets the new certificate.
    assert_eq!(client.get(&format!("{base}/api/v1/health")).call().unwrap().status(), 200, "kept connection");
    assert_eq!(trusting(&second).get(&format!("{base}/api/v1/health")).call().unwrap().status(), 200);
    assert!(trusting(&first).get(&format!("{base}/api/v1/health")).call().is_err(), "the old certificate is gone");

    // A file that does not read leaves the certificate in use.
    std::fs::write(&cert, "not a certificate").unwrap();
    std::process::Command::new("kill").args(["-HUP", &server.child.id().to_string()]).status().unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while !server.log.lock().unwrap().iter().any(|l| l.contains("the one in use stays")) {
        assert!(Instant::now() < deadline, "no word of the file that does not read");
        std::thread::sleep(Duration::from_millis(20));
    }
    assert_eq!(trusting(&second).get(&format!("{base}/api/v1/health")).call().unwrap().status(), 200);
}

/// A certificate and a key that do not go together are refused at start, naming both.
#[test]
fn a_key_that_does_not_go_with_the_certificate_is_refused_at_start() {
    let db = TestDb::sqlite();
    token(&db);
    let dir = tempfile::tempdir().unwrap();
    let (cert, _, _) = certificate(dir.path(), "one");
    let (_, other_key, _) = certificate(dir.path(), "two");
    let out = std::process::Command::new(crate::common::process::BIN)
        .args(["--database-url", &db.url.expose(), "--bind", "127.0.0.1:0"])
        .args(["--tls-cert", cert.to_str().unwrap(), "--tls-key", other_key.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("does not go with"), "{err}");
}
