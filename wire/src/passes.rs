//! Members at the table: a club night's join code, the night pass a member gets with it,
//! and the organiser's view of the passes given.

use crate::PlayerRef;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// `POST /events/{id}/join-codes`: how members may join (the body may be left out).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct JoinCodeInput {
    /// Whether a member not checked in yet may check in by joining (default: yes). Without
    /// it, only the night's checked-in players can join.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub check_in: Option<bool>,
}

/// A night's join code: shown on the night's tables page (the projector) as text and as
/// a QR code of `url`. A new code replaces the night's previous one.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JoinCode {
    /// Eight letters and digits, shown as `ABCD-EFGH` (dashes, spaces and case do not
    /// matter when typed).
    pub code: String,
    /// The page a member opens to join: `/n/{code}`.
    pub url: String,
    pub expires_at: DateTime<Utc>,
}

/// `POST /join`: a member joins the night of `code` as `player`.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct JoinInput {
    #[cfg_attr(feature = "openapi", schema(min_length = 1, max_length = 32))]
    pub code: String,
    /// The member, by name or id: one of the night's players (or any player, where the
    /// code lets members check in).
    pub player: PlayerRef,
    /// Where the member holds a pass on another phone already (a lost cookie, a QR
    /// scanner's own browser), or is not checked in where the code does not check in: ask
    /// the organiser for a pass instead of being refused. The pass answered then waits
    /// (`waiting`) until the organiser lets it act (the other phone's pass ends) or says no.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ask_organiser: Option<bool>,
}

/// A night pass: acts for one member at one night (enter their table's result, confirm or
/// reject a tablemate's), until the night is closed, 18 hours pass, or the organiser
/// revokes it. Send it as `Authorization: Bearer <pass>`; the pages keep it in an
/// HttpOnly cookie.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct NightPass {
    /// The secret, shown only here.
    pub pass: String,
    pub event_id: i64,
    /// The member's name as stored.
    pub player: String,
    pub expires_at: DateTime<Utc>,
    /// Waits for the organiser (`ask_organiser`): acts only once they let it.
    #[serde(default)]
    pub waiting: bool,
}

/// A pass as the organiser sees it (never its secret).
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PassInfo {
    /// The pass's number: a result's review names the pass that entered or confirmed it.
    pub id: i64,
    pub player_id: i64,
    pub player: String,
    pub created_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
    /// When it ended (`ended_how` says how); `null` while it acts or waits.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub revoked_at: Option<DateTime<Utc>>,
    /// Waits for the organiser: a member moving to a new phone, or asking to be checked
    /// in.
    pub waiting: bool,
    /// How it ended; `null` while it acts or waits.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub ended_how: Option<PassEnd>,
    /// When the organiser let a revoked member back in (they may join again).
    #[cfg_attr(feature = "openapi", schema(required))]
    pub readmitted_at: Option<DateTime<Utc>>,
}

/// How a night pass ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[derive(strum::IntoStaticStr, strum::EnumString, strum::VariantArray)]
#[strum(serialize_all = "snake_case")]
pub enum PassEnd {
    /// The organiser revoked it: the member joins that night again only once let back in.
    Revoked,
    /// The member moved to a new phone, with the organiser's yes.
    Moved,
    /// A waiting pass the organiser said no to.
    Declined,
    /// A waiting pass asked for again from another phone.
    Replaced,
}

impl PassEnd {
    pub fn slug(self) -> &'static str {
        self.into()
    }
}

/// Letters in a join code (Crockford's base 32, shown as `ABCD-EFGH`).
pub const JOIN_CODE_LENGTH: usize = 8;

/// A code as typed on a phone: case, dashes and spaces do not matter, and the letters
/// Crockford's base 32 leaves out read as the digits they look like.
pub fn normalise_code(typed: &str) -> String {
    typed
        .chars()
        .filter(|c| !matches!(c, '-' | ' ' | '\u{2010}'..='\u{2015}'))
        .map(|c| match c.to_ascii_uppercase() {
            'I' | 'L' => '1',
            'O' => '0',
            other => other,
        })
        .collect()
}

/// `ABCDEFGH` as shown: `ABCD-EFGH`. Anything else (a typed code of another length, or
/// with letters outside ASCII) as it is: never cut inside a character.
pub fn shown_code(code: &str) -> String {
    if code.len() == JOIN_CODE_LENGTH && code.is_ascii() {
        format!("{}-{}", &code[..4], &code[4..])
    } else {
        code.to_owned()
    }
}

/// How the audit trail names the pass of `player` at night `event_id`.
pub fn pass_label(player: &str, event_id: i64) -> String {
    format!("pass of {player}, night {event_id}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_read_as_typed_and_show_in_two_halves() {
        assert_eq!(normalise_code("abcd-efgh"), "ABCDEFGH");
        assert_eq!(normalise_code(" AB CD–EF GH "), "ABCDEFGH");
        assert_eq!(normalise_code("OIL0"), "0110");
        assert_eq!(shown_code("ABCDEFGH"), "ABCD-EFGH");
        // Eight bytes that are not eight letters are shown as typed, never cut inside one
        // (schemathesis found the panic: a pass refused with 503 for a whole batch).
        assert_eq!(shown_code("\u{8a}\u{95d73}\u{84}"), "\u{8a}\u{95d73}\u{84}");
        assert_eq!(shown_code("ÄBCDEFG"), "ÄBCDEFG");
        assert_eq!(pass_label("Anna", 3), "pass of Anna, night 3");
    }
}
