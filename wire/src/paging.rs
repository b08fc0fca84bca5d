//! Listings come in pages: `page` from 1, `per_page` items each.

/// Most items on one page of a listing.
pub const MAX_PER_PAGE: u32 = 500;
/// Items on a page when the request does not say.
pub const DEFAULT_PER_PAGE: u32 = 50;
