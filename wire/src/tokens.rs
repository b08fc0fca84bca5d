//! Write tokens: what one may do, and the name a request's token goes by.

use serde::{Deserialize, Serialize};

/// What a write token may do, chosen when it is created.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
pub enum TokenScope {
    /// Everything: leagues, renames, webhooks, club nights, any result, `If-Match: *`.
    Admin,
    /// The table laptop's: add players, record results, start club nights, and correct
    /// or delete the results it recorded itself (`If-Match` naming a revision, never `*`).
    Record,
}

impl TokenScope {
    pub fn slug(self) -> &'static str {
        match self {
            TokenScope::Admin => "admin",
            TokenScope::Record => "record",
        }
    }
}

impl std::fmt::Display for TokenScope {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.slug())
    }
}

impl std::str::FromStr for TokenScope {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "admin" => Ok(TokenScope::Admin),
            "record" => Ok(TokenScope::Record),
            _ => Err(format!("{s:?} is not a scope: admin or record")),
        }
    }
}

/// The write token a request carries.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct TokenName {
    /// The name it was created under; it signs the audit trail.
    pub name: String,
    pub scope: TokenScope,
    /// The one league the token may change; `null`: every league.
    #[cfg_attr(feature = "openapi", schema(required))]
    pub league_id: Option<i64>,
}
