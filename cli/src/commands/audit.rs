//! `spielstand audit`: who changed what, latest first.

use super::Ctx;
use crate::args::AuditArgs;
use crate::client::AuditFilter;
use crate::error::Result;
use crate::output::{Table, emit};
use serde_json::{Value, json};
use spielstand_wire::{AuditAction, AuditEntry};

/// Entries fetched per request (the server's maximum).
const PAGE: u32 = 500;

/// Longest detail shown in a table cell; `--format json` has all of it.
const DETAIL_CHARS: usize = 60;

pub fn list(ctx: &Ctx, args: AuditArgs) -> Result<()> {
    let client = &ctx.client;
    let league = args.league.as_deref().map(|l| client.resolve_league(l)).transpose()?.map(|(l, _)| l);
    let filter = AuditFilter { league: league.as_ref().map(|l| l.id), token_name: args.by, action: args.action };
    let limit = args.limit as usize;
    let per_page = args.limit.min(PAGE);
    let mut entries: Vec<AuditEntry> = Vec::new();
    let mut items: Vec<Value> = Vec::new();
    let mut total = 0;
    for page in 1.. {
        let (listed, reply) = client.audit(&filter, page, per_page)?;
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
    let mut table = Table::new(&["ID", "When (UTC)", "By", "Change", "League", "Of", "Detail"])
        .numeric([0, 4, 5])
        .when_empty("No changes.");
    for e in &entries {
        table.row(vec![
            e.id.to_string(),
            e.at.format("%Y-%m-%d %H:%M:%S").to_string(),
            e.token_name.clone().unwrap_or_else(|| "(server command line)".into()),
            e.action.slug().to_owned(),
            e.league_id.map(|l| l.to_string()).unwrap_or_default(),
            e.subject_id.map(|s| s.to_string()).unwrap_or_default(),
            summary(e),
        ]);
    }
    let shown = if (entries.len() as i64) < total { format!(", {} shown", entries.len()) } else { String::new() };
    let scope = league.map_or_else(String::new, |l| format!(" in {}", l.name));
    let lines = vec![format!("{total} change(s){scope}{shown}, latest first")];
    let json = json!({ "items": items, "page": 1, "per_page": items.len(), "total": total });
    emit(args.output.format, &json, &lines, &[table]);
    Ok(())
}

/// One line saying what changed, for a person; the JSON has the whole detail.
fn summary(e: &AuditEntry) -> String {
    let d = &e.detail;
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_owned);
    let line = match e.action {
        AuditAction::PlayerRenamed => format!("{} → {}", text(&d["before"]), text(&d["after"])),
        AuditAction::PlayerMerged => format!("{} into {} ({} seats)", text(&d["from"]), text(&d["into"]), d["seats"]),
        AuditAction::PlayerUnmerged => {
            format!("{} out of {} ({} seats back)", text(&d["from"]), text(&d["into"]), d["seats"])
        }
        AuditAction::LeagueChanged => {
            let mut changed = Vec::new();
            if d["before"]["name"] != d["after"]["name"] {
                changed.push(format!("name {} → {}", text(&d["before"]["name"]), text(&d["after"]["name"])));
            }
            if d["before"]["rules"] != d["after"]["rules"] {
                changed.push("rules".to_owned());
            }
            if changed.is_empty() { "nothing".to_owned() } else { changed.join(", ") }
        }
        AuditAction::ResultRecorded | AuditAction::ResultCorrected | AuditAction::ResultDeleted => {
            format!("{} on {}, revision {}", text(&d["game"]), text(&d["played_on"]), d["revision"])
        }
        AuditAction::TokenCreated => format!("{} ({})", text(&d["name"]), text(&d["scope"])),
        AuditAction::TokenRevoked => text(&d["name"]),
        AuditAction::WebhookPaused => format!("{} (token {} revoked)", text(&d["url"]), text(&d["revoked_token"])),
        AuditAction::WebhookRegistered | AuditAction::WebhookDeleted | AuditAction::WebhookEnabled => text(&d["url"]),
        AuditAction::PlayerCreated | AuditAction::LeagueCreated => text(&d["name"]),
        AuditAction::EventCreated | AuditAction::EventDeleted | AuditAction::EventClosed => {
            format!("{} on {}", text(&d["title"]), text(&d["date"]))
        }
        AuditAction::EventChanged => format!("{} on {}", text(&d["after"]["title"]), text(&d["after"]["date"])),
        AuditAction::AttendeesChanged => {
            let names = |v: &Value| v.as_array().map(|a| a.iter().map(text).collect::<Vec<_>>().join(", "));
            match (names(&d["checked_in"]), names(&d["checked_out"])) {
                (Some(came), _) => format!("checked in: {came}"),
                (None, Some(left)) => format!("checked out: {left}"),
                (None, None) => String::new(),
            }
        }
        AuditAction::RoundDrawn => {
            format!("round {} ({}, {}, seed {})", d["number"], text(&d["game"]), text(&d["method"]), d["seed"])
        }
        AuditAction::ResultConfirmed => match d["counts"].as_bool() {
            Some(true) => format!("revision {}, counts now", d["revision"]),
            _ => format!("revision {}, {} of {} confirmations", d["revision"], d["confirmations"], d["needed"]),
        },
        AuditAction::ResultRejected => format!("revision {}: {}", d["revision"], text(&d["reason"])),
        AuditAction::JoinCodeCreated => format!("{} until {}", text(&d["night"]), text(&d["expires_at"])),
        AuditAction::PassIssued | AuditAction::PassRevoked => {
            format!("{} at {}", text(&d["player"]), text(&d["night"]))
        }
        AuditAction::SignedIn => format!("with a {}", text(&d["with"])),
    };
    if line.chars().count() > DETAIL_CHARS {
        let cut: String = line.chars().take(DETAIL_CHARS - 1).collect();
        format!("{cut}…")
    } else {
        line
    }
}
