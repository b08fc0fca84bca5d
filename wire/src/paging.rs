//! Listings come in pages: `page` from 1, `per_page` items each.

/// Most items on one page of a listing.
pub const MAX_PER_PAGE: u32 = 500;
/// Items on a page when the request does not say.
pub const DEFAULT_PER_PAGE: u32 = 50;
/// Most head-to-head pairs on one page (about 400 KB of JSON).
pub const MAX_PAIRS_PER_PAGE: u32 = 5000;
/// Head-to-head pairs on a page when the request does not say: every pair of a league of
/// up to 45 players, and for a larger league a page about the size of its table.
pub const DEFAULT_PAIRS_PER_PAGE: u32 = 1000;
