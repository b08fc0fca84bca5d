//! The audit trail: every change made through the API or the server's command line, who
//! made it and when, in one listing (`GET /api/v1/audit`).

use crate::paging::{Listed, Page};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// What was done. The slug is `subject.verb`'s snake_case form, e.g. `league_changed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[derive(strum::IntoStaticStr, strum::VariantArray, strum::EnumString)]
#[strum(serialize_all = "snake_case")]
pub enum AuditAction {
    LeagueCreated,
    /// Name or rules replaced; `detail` holds both, before and after.
    LeagueChanged,
    PlayerCreated,
    /// `detail` holds the name before and after.
    PlayerRenamed,
    /// Merged into another player; `detail` names both and counts the seats moved.
    PlayerMerged,
    /// A merge undone; `detail` as for the merge.
    PlayerUnmerged,
    ResultRecorded,
    ResultCorrected,
    ResultDeleted,
    EventCreated,
    EventChanged,
    EventDeleted,
    EventClosed,
    /// Players checked in to a night or out of it; `detail` names them.
    AttendeesChanged,
    /// A round's tables drawn, or drawn again; `detail` holds the round.
    RoundDrawn,
    WebhookRegistered,
    WebhookDeleted,
    WebhookEnabled,
    /// Paused because the token that registered it was revoked.
    WebhookPaused,
    /// Made on the server's command line (`spielstand-api token create`).
    TokenCreated,
    /// Made on the server's command line (`spielstand-api token revoke`).
    TokenRevoked,
    /// A pending result confirmed, by a tablemate's pass or by the organiser; it counts
    /// from now on.
    ResultConfirmed,
    /// A pending result rejected by a tablemate; `detail` holds the reason.
    ResultRejected,
    /// A join code made for a club night.
    JoinCodeCreated,
    /// A night pass given to a member who joined with the night's code.
    PassIssued,
    /// A member's night pass revoked by the organiser.
    PassRevoked,
    /// An organiser signed in on a phone or tablet with a token (`detail` names how).
    SignedIn,
    /// A postal game made by its game master; `detail` holds its title and hares. Listed
    /// only when asked for, as every `postal_*` action (`postal=true`, or by `action`).
    PostalGameCreated,
    /// A hare's orders sent by the game master (received by post); `detail` names the hare
    /// and the rounds.
    PostalOrdersSent,
    /// A round resolved by the game master (not at its deadline); `detail` holds the round.
    PostalRoundResolved,
    /// A hare's lost code replaced by the game master; `detail` names the hare.
    PostalCodeReissued,
}

impl AuditAction {
    pub fn slug(self) -> &'static str {
        self.into()
    }

    /// A postal game master's action: listed only when asked for, so that a client that
    /// knows the actions from before postal games keeps reading every page.
    pub fn is_postal(self) -> bool {
        self.slug().starts_with("postal_")
    }

    /// Every action, in the order above.
    pub fn all() -> &'static [AuditAction] {
        <AuditAction as strum::VariantArray>::VARIANTS
    }
}

/// Which entries of the audit trail to list (`GET /audit`), and which page.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::IntoParams))]
#[cfg_attr(feature = "openapi", into_params(parameter_in = Query))]
pub struct AuditParams {
    /// Only changes in this league.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub league_id: Option<i64>,
    /// Only changes made with the token of this name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub token_name: Option<String>,
    /// Only changes of this kind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<AuditAction>,
    /// Also the postal game masters' actions (`postal_*`). Left out, they are not listed
    /// (nor counted): a client written before they existed keeps reading every page.
    /// Naming one in `action` lists it either way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub postal: Option<bool>,
    /// Page number, from 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", param(value_type = Option<i64>, minimum = 1, maximum = 4294967295_u64))]
    pub page: Option<u32>,
    /// Items per page, 1 to 500 (default 50).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", param(minimum = 1, maximum = 500))]
    pub per_page: Option<u32>,
}

impl crate::query::Query for AuditParams {
    const OPERATIONS: &'static [&'static str] = &["list_audit"];

    fn every() -> Self {
        AuditParams {
            league_id: Some(1),
            token_name: Some("laptop à la table".to_owned()),
            action: Some(AuditAction::ResultRecorded),
            postal: Some(true),
            page: Some(1),
            per_page: Some(10),
        }
    }
}

/// One change in the audit trail.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AuditEntry {
    /// Grows with every entry: later changes have larger ids.
    pub id: i64,
    pub at: DateTime<Utc>,
    /// The write token that made the change; `null` when it was made on the server's
    /// command line (tokens are created and revoked there).
    #[cfg_attr(feature = "openapi", schema(required))]
    pub token_name: Option<String>,
    pub action: AuditAction,
    /// The league the change belongs to; absent for players and tokens, which are shared.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub league_id: Option<i64>,
    /// Id of the league, player, result, club night or webhook changed; absent for tokens
    /// (named in `detail`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject_id: Option<i64>,
    /// What changed, by action: names and rules before and after, a result's game and
    /// revision, a webhook's URL, a token's name and scope.
    #[cfg_attr(feature = "openapi", schema(value_type = Object))]
    pub detail: serde_json::Value,
}

/// A page of the audit trail, latest first.
pub type AuditPage = Page<AuditEntry>;

impl Listed for AuditEntry {
    const PAGE: &'static str = "AuditPage";
    const ABOUT: Option<&'static str> = Some("A page of the audit trail, latest first.");
    const TOTAL: &'static str = "Entries matching the filter, on all pages.";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_is_its_serde_name() {
        spielstand_core::check_slugs::<AuditAction>().unwrap();
        assert_eq!("league_changed".parse::<AuditAction>().unwrap(), AuditAction::LeagueChanged);
    }
}
