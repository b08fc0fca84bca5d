//! Round reports by mail: the mail task of each process takes the mails a resolved round
//! queued (`store::postal_mails`), words each report as the game master sends it (German,
//! as the rule text; the same text as the JSON's `text` and the feed), and hands it to the
//! club's mail server over SMTP (`--smtp-url`: STARTTLS or TLS, with its login). A mail that
//! fails is kept with why and tried again, later each time; the round never waits for it.

use crate::db::Pool;
use crate::error::{Error, Result};
use crate::render;
use crate::store::{postal, postal_mails};
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::transport::smtp::client::{Certificate, Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use spielstand_core::postspiel;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::time::Duration;

/// Mails handed to the server in one go; the rest wait for the next look.
const BATCH: i64 = 20;

/// The mail server and how the task uses it.
#[derive(Debug, Clone)]
pub struct MailConfig {
    /// `smtp://host:587?tls=required`, `smtps://user:password@host:465`, ... (lettre's form).
    pub smtp_url: String,
    /// The sender of every report.
    pub from: Mailbox,
    /// How often the task looks for mails to send.
    pub every: Duration,
    /// The wait before the first retry of a failed mail; doubled for each one after.
    pub retry: Duration,
    /// A CA certificate (PEM) the mail server's certificate may be signed by, besides the
    /// public ones: a club's own mail server.
    pub ca_pem: Option<Vec<u8>>,
}

impl MailConfig {
    /// The transport `smtp_url` names, or why it names none (said at start-up).
    pub fn transport(&self) -> std::result::Result<AsyncSmtpTransport<Tokio1Executor>, lettre::transport::smtp::Error> {
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(&self.smtp_url)?;
        if let Some(pem) = &self.ca_pem {
            // The URL's TLS (implicit for smtps, else STARTTLS), with the club's CA trusted.
            let params = TlsParameters::builder(host_of(&self.smtp_url).to_owned())
                .add_root_certificate(Certificate::from_pem(pem)?)
                .build_rustls()?;
            let implicit = self.smtp_url.starts_with("smtps:");
            builder = builder.tls(if implicit { Tls::Wrapper(params) } else { Tls::Required(params) });
        }
        Ok(builder.timeout(Some(Duration::from_secs(30))).build())
    }
}

/// The host of a mail server's URL: between the scheme (and the login) and the port, path
/// or query; an IPv6 address without its brackets.
fn host_of(url: &str) -> &str {
    let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
    let rest = rest.split(['/', '?']).next().unwrap_or(rest);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
    match rest.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or(v6),
        None => rest.split(':').next().unwrap_or(rest),
    }
}

/// Sends what is due every `config.every` until the process ends.
pub async fn run(pool: Pool, config: MailConfig, transport: AsyncSmtpTransport<Tokio1Executor>) {
    let mut ticks = actix_web::rt::time::interval(config.every);
    loop {
        ticks.tick().await;
        match send_due(&pool, &config, &transport).await {
            Ok(0) => {}
            Ok(sent) => tracing::info!(sent, "postal games: reports mailed"),
            Err(e) => tracing::warn!(error = %e, "postal games: the mail task failed; trying again"),
        }
    }
}

/// Sends every mail due now; answers how many went out. A round's report is read and
/// worded once, however many hares it goes to.
async fn send_due(pool: &Pool, config: &MailConfig, transport: &AsyncSmtpTransport<Tokio1Executor>) -> Result<usize> {
    let due = crate::db::run(pool, |conn| postal_mails::take_due(conn, BATCH)).await?;
    let mut worded: HashMap<(i64, u32), Worded> = HashMap::new();
    let mut sent = 0;
    for mail in due {
        let (id, attempts) = (mail.id, mail.attempts);
        let report = match worded.entry((mail.game_id, mail.round)) {
            Entry::Occupied(kept) => Ok(kept.into_mut()),
            Entry::Vacant(slot) => word(pool, mail.game_id, mail.round).await.map(|w| slot.insert(w)),
        };
        let outcome = match report.and_then(|report| message(config, &mail.recipient, report)) {
            Ok(message) => transport.send(message).await.map(drop).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        match &outcome {
            Ok(()) => sent += 1,
            Err(e) => tracing::warn!(id, to = mail.recipient, error = e, "postal games: a report was not mailed"),
        }
        let retry = config.retry;
        crate::db::run(pool, move |conn| match outcome {
            Ok(()) => postal_mails::sent(conn, id),
            Err(e) => postal_mails::failed(conn, id, attempts, &e, retry),
        })
        .await?;
    }
    Ok(sent)
}

/// A round's report mail: its subject and text.
struct Worded {
    subject: String,
    text: String,
}

/// Round `round` of game `game_id` in words, as the game master sends it.
async fn word(pool: &Pool, game_id: i64, round: u32) -> Result<Worded> {
    let (game, round) = crate::db::run(pool, move |conn| {
        Ok((postal::get(conn, game_id)?, postal::round(conn, game_id, round, postspiel::Lang::De)?))
    })
    .await?;
    Ok(Worded {
        subject: render::postal::mail_subject(&game, &round, render::Lang::De),
        text: render::postal::round_text(&game, &round, render::Lang::De),
    })
}

/// `report` as a mail to `recipient`.
fn message(config: &MailConfig, recipient: &str, report: &Worded) -> Result<Message> {
    let to: Mailbox = recipient.parse().map_err(|e| Error::internal(format!("a kept address: {e}")))?;
    Message::builder()
        .from(config.from.clone())
        .to(to)
        .subject(report.subject.clone())
        .header(ContentType::TEXT_PLAIN)
        .body(report.text.clone())
        .map_err(|e| Error::internal(format!("a report that is no mail: {e}")))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_host_of_a_mail_server_s_url() {
        for (url, host) in [
            ("smtp://127.0.0.1:2525", "127.0.0.1"),
            ("smtps://user:p%40ss@mail.club.example:465", "mail.club.example"),
            ("smtp://mail.club.example?tls=required", "mail.club.example"),
            ("smtp://u:p@[::1]:25", "::1"),
        ] {
            assert_eq!(super::host_of(url), host, "{url}");
        }
    }
}
