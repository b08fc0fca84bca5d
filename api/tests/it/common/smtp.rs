//! A real SMTP server on 127.0.0.1 for the mail tests: aiosmtpd (PyPI, `.ci/mail-deps.sh`
//! installs it) keeping every message it accepts in a maildir, as a club's mail server
//! would hand them on; STARTTLS and a login required when asked for
//! (`tests/fixtures/smtp_sink.py`).

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct SmtpSink {
    pub port: u16,
    maildir: tempfile::TempDir,
    child: Option<Child>,
    /// `--tls CERT KEY`, `--login USER:PASSWORD`: what the server requires.
    options: Vec<String>,
}

impl SmtpSink {
    /// A sink on a free port.
    pub fn start() -> SmtpSink {
        SmtpSink::requiring(Vec::new())
    }

    /// A sink that requires STARTTLS with the certificate and key in these PEM files, and
    /// the login `user:password`, before it takes a mail.
    pub fn secured(cert: &std::path::Path, key: &std::path::Path, login: &str) -> SmtpSink {
        let path = |p: &std::path::Path| p.to_str().unwrap().to_owned();
        SmtpSink::requiring(vec!["--tls".into(), path(cert), path(key), "--login".into(), login.into()])
    }

    fn requiring(options: Vec<String>) -> SmtpSink {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let maildir = tempfile::tempdir().unwrap();
        for sub in ["tmp", "new", "cur"] {
            std::fs::create_dir(maildir.path().join(sub)).unwrap();
        }
        let mut sink = SmtpSink { port, maildir, child: None, options };
        sink.up();
        sink
    }

    /// Starts it (again) on its port, and waits until it takes connections.
    pub fn up(&mut self) {
        let child = Command::new("python3")
            .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/smtp_sink.py"))
            .arg(self.port.to_string())
            .arg(self.maildir.path())
            .args(&self.options)
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("python3 with aiosmtpd (bash .ci/mail-deps.sh installs it)");
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(20);
        while std::net::TcpStream::connect(("127.0.0.1", self.port)).is_err() {
            if let Some(status) = self.child.as_mut().unwrap().try_wait().unwrap() {
                let mut err = String::new();
                use std::io::Read;
                self.child.as_mut().unwrap().stderr.take().unwrap().read_to_string(&mut err).unwrap();
                panic!("aiosmtpd ended ({status}): {err} (bash .ci/mail-deps.sh installs it)");
            }
            assert!(Instant::now() < deadline, "aiosmtpd did not listen on {}", self.port);
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Stops it: its port refuses connections until [`Self::up`].
    pub fn down(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Every message received so far, as sent.
    pub fn received(&self) -> Vec<Vec<u8>> {
        let new: PathBuf = self.maildir.path().join("new");
        let Ok(entries) = std::fs::read_dir(&new) else { return Vec::new() };
        let mut files: Vec<PathBuf> = entries.map(|e| e.unwrap().path()).collect();
        files.sort();
        files.into_iter().map(|f| std::fs::read(f).unwrap()).collect()
    }

    /// Waits until `n` messages arrived (at most `within`); answers them.
    pub fn wait_for(&self, n: usize, within: Duration) -> Vec<Vec<u8>> {
        let deadline = Instant::now() + within;
        loop {
            let got = self.received();
            if got.len() >= n || Instant::now() > deadline {
                return got;
            }
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.down();
    }
}
