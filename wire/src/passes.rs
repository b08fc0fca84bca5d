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
