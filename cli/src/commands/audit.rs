//! `spielstand audit`: who changed what, latest first.

use super::Ctx;
use crate::args::OutputArgs;
use crate::error::Result;
use crate::output::{Table, emit};
use crate::t;
use clap::Args;
use serde_json::{Value, json};
use spielstand_core::GameKind;
use spielstand_wire::calls;
use spielstand_wire::{AuditAction, AuditEntry, AuditParams};

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Only changes in this league: its name or id
    #[arg(long, value_name = "L")]
    pub league: Option<String>,
    /// Only changes made with the token of this name
    #[arg(long, value_name = "TOKEN_NAME")]
    pub by: Option<String>,
    /// Only this kind of change, e.g. league_changed or player_renamed
    #[arg(long, value_name = "ACTION", value_parser = audit_action)]
    pub action: Option<AuditAction>,
    /// At most this many entries, latest first
    #[arg(long, value_name = "N", default_value_t = 50, value_parser = clap::value_parser!(u32).range(1..))]
    pub limit: u32,
    #[command(flatten)]
    pub output: OutputArgs,
}

/// An audit action by its slug; a wrong one is answered with the list.
fn audit_action(s: &str) -> Result<AuditAction, String> {
    s.parse().map_err(|_| {
        let all: Vec<&str> = AuditAction::all().iter().map(|a| a.slug()).collect();
        t!("args-not-an-action", typed = format!("{s:?}"), actions = all.join(", "))
    })
}

/// Entries fetched per request (the server's maximum).
const PAGE: u32 = 500;

/// Longest detail shown in a table cell; `--format json` has all of it.
const DETAIL_CHARS: usize = 60;

pub fn list(ctx: &Ctx, args: AuditArgs) -> Result<()> {
    let client = &ctx.client;
    let league = args.league.as_deref().map(|l| client.resolve_league(l)).transpose()?.map(|(l, _)| l);
    let limit = args.limit as usize;
    let per_page = args.limit.min(PAGE);
    let mut entries: Vec<AuditEntry> = Vec::new();
    let mut items: Vec<Value> = Vec::new();
    let mut total = 0;
    for page in 1.. {
        let query = AuditParams {
            league_id: league.as_ref().map(|l| l.id),
            token_name: args.by.clone(),
            action: args.action,
            // This client knows the postal game masters' actions.
            postal: Some(true),
            page: Some(page),
            per_page: Some(per_page),
        };
        let (listed, reply) = client.send(calls::list_audit(&query))?;
        total = listed.total;
        let done = listed.items.len() < per_page as usize;
        items.extend(reply.body["items"].as_array().cloned().unwrap_or_default());
        entries.extend(listed.items);
        if done || entries.len() >= limit || entries.len() as i64 >= total {
            break;
        }
    }
    entries.truncate(limit);
    items.truncate(limit);
    let mut table = Table::new(&["ID", "When", "By", "Change", "League", "Of", "Detail"])
        .numeric([0, 4, 5])
        .when_empty(t!("audit-none"));
    for e in &entries {
        table.row(vec![
            e.id.to_string(),
            crate::lang::date_time(e.at.with_timezone(&chrono::Local)),
            e.token_name.clone().unwrap_or_else(|| t!("audit-server-command-line")),
            e.action.slug().to_owned(),
            e.league_id.map(|l| l.to_string()).unwrap_or_default(),
            e.subject_id.map(|s| s.to_string()).unwrap_or_default(),
            summary(e),
        ]);
    }
    let shown = entries.len();
    let line = match (league, (shown as i64) < total) {
        (None, false) => t!("audit-total", count = total),
        (None, true) => t!("audit-total-shown", count = total, shown = shown),
        (Some(l), false) => t!("audit-total-in-league", count = total, league = &l.name),
        (Some(l), true) => t!("audit-total-in-league-shown", count = total, league = &l.name, shown = shown),
    };
    let lines = vec![line];
    let json = json!({ "items": items, "page": 1, "per_page": items.len(), "total": total });
    emit(args.output.format, &json, &lines, &[table]);
    Ok(())
}

/// One line saying what changed, for a person; the JSON has the whole detail.
fn summary(e: &AuditEntry) -> String {
    let d = &e.detail;
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_owned);
    // A game by its name, a day and a moment as the language writes them; anything
    // else as the server wrote it.
    let game = |v: &Value| {
        v.as_str().and_then(|s| s.parse::<GameKind>().ok()).map_or_else(|| text(v), |g| g.name().to_owned())
    };
    let day = |v: &Value| {
        v.as_str().and_then(|s| s.parse::<chrono::NaiveDate>().ok()).map_or_else(|| text(v), crate::lang::date)
    };
    let moment = |v: &Value| {
        v.as_str()
            .and_then(|s| chrono::DateTime::parse_from_rfc3339(s).ok())
            .map_or_else(|| text(v), |at| crate::lang::date_time(at.with_timezone(&chrono::Local)))
    };
    let seats = |v: &Value| v.as_i64().unwrap_or_default();
    let line = match e.action {
        AuditAction::PlayerRenamed => format!("{} → {}", text(&d["before"]), text(&d["after"])),
        AuditAction::PlayerMerged => {
            t!("audit-player-merged", from = text(&d["from"]), into = text(&d["into"]), seats = seats(&d["seats"]))
        }
        AuditAction::PlayerUnmerged => {
            t!("audit-player-unmerged", from = text(&d["from"]), into = text(&d["into"]), seats = seats(&d["seats"]))
        }
        AuditAction::LeagueChanged => {
            let mut changed = Vec::new();
            if d["before"]["name"] != d["after"]["name"] {
                changed.push(t!(
                    "audit-league-renamed",
                    before = text(&d["before"]["name"]),
                    after = text(&d["after"]["name"])
                ));
            }
            if d["before"]["rules"] != d["after"]["rules"] {
                changed.push(t!("audit-league-rules"));
            }
            if changed.is_empty() { t!("audit-league-unchanged") } else { changed.join(", ") }
        }
        AuditAction::ResultRecorded | AuditAction::ResultCorrected | AuditAction::ResultDeleted => t!(
            "audit-result",
            game = game(&d["game"]),
            date = day(&d["played_on"]),
            revision = d["revision"].to_string()
        ),
        AuditAction::TokenCreated => format!("{} ({})", text(&d["name"]), text(&d["scope"])),
        AuditAction::TokenRevoked => text(&d["name"]),
        AuditAction::WebhookPaused => {
            t!("audit-webhook-paused", url = text(&d["url"]), token = text(&d["revoked_token"]))
        }
        AuditAction::WebhookRegistered | AuditAction::WebhookDeleted | AuditAction::WebhookEnabled => text(&d["url"]),
        AuditAction::PlayerCreated | AuditAction::LeagueCreated => text(&d["name"]),
        AuditAction::EventCreated | AuditAction::EventDeleted | AuditAction::EventClosed => {
            t!("audit-event", title = text(&d["title"]), date = day(&d["date"]))
        }
        AuditAction::EventChanged => {
            t!("audit-event", title = text(&d["after"]["title"]), date = day(&d["after"]["date"]))
        }
        AuditAction::AttendeesChanged => {
            let names = |v: &Value| v.as_array().map(|a| a.iter().map(text).collect::<Vec<_>>().join(", "));
            match (names(&d["checked_in"]), names(&d["checked_out"])) {
                (Some(came), _) => t!("audit-checked-in", names = came),
                (None, Some(left)) => t!("audit-checked-out", names = left),
                (None, None) => String::new(),
            }
        }
        AuditAction::RoundDrawn => t!(
            "audit-round-drawn",
            round = d["number"].to_string(),
            game = game(&d["game"]),
            method = text(&d["method"]),
            seed = d["seed"].to_string()
        ),
        AuditAction::ResultConfirmed => match d["counts"].as_bool() {
            Some(true) => t!("audit-result-counts", revision = d["revision"].to_string()),
            _ => t!(
                "audit-result-confirmations",
                revision = d["revision"].to_string(),
                confirmations = d["confirmations"].to_string(),
                needed = d["needed"].to_string()
            ),
        },
        AuditAction::ResultRejected => {
            t!("audit-result-rejected", revision = d["revision"].to_string(), reason = text(&d["reason"]))
        }
        AuditAction::JoinCodeCreated => {
            t!("audit-join-code", night = text(&d["night"]), until = moment(&d["expires_at"]))
        }
        AuditAction::PassIssued | AuditAction::PassRevoked => {
            t!("audit-pass", player = text(&d["player"]), night = text(&d["night"]))
        }
        AuditAction::SignedIn => match text(&d["with"]).as_str() {
            "token" => t!("audit-signed-in-token"),
            "sign-in code" => t!("audit-signed-in-code"),
            other => t!("audit-signed-in", with = other),
        },
        AuditAction::PostalGameCreated => {
            let hares = d["hares"].as_array().map(|a| a.iter().map(text).collect::<Vec<_>>().join(", "));
            t!("audit-postal-game", title = text(&d["title"]), hares = hares.unwrap_or_default())
        }
        AuditAction::PostalOrdersSent => {
            let rounds = d["rounds"].as_array().map(|a| a.iter().map(Value::to_string).collect::<Vec<_>>().join(", "));
            t!("audit-postal-orders", hare = text(&d["hare"]), rounds = rounds.unwrap_or_default())
        }
        AuditAction::PostalRoundResolved => t!("audit-postal-round", round = d["round"].to_string()),
        AuditAction::PostalCodeReissued => t!("audit-postal-code", hare = text(&d["hare"])),
    };
    if line.chars().count() > DETAIL_CHARS {
        let cut: String = line.chars().take(DETAIL_CHARS - 1).collect();
        format!("{cut}…")
    } else {
        line
    }
}
