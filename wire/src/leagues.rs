//! Leagues: a name and the rules its table is made by.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use spielstand_core::LeagueRules;

#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct League {
    pub id: i64,
    pub name: String,
    /// Changes with every write that can change the league's standings.
    pub revision: i64,
    pub rules: LeagueRules,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A league to create, or the new state of one to update.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct LeagueInput {
    #[cfg_attr(feature = "openapi", schema(schema_with = spielstand_core::names::schema))]
    pub name: String,
    pub rules: LeagueRules,
}
