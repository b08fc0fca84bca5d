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
    /// When the organiser revoked it; `null` while it acts.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub revoked_at: Option<DateTime<Utc>>,
}
