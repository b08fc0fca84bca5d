//! Listings come in pages: `page` from 1, `per_page` items each. One page type for every
//! listing, [`Page`]; each listed type names its page's schema ([`Listed`]), so the
//! document keeps the component names generated clients know (`AuditPage`, `DeliveryPage`,
//! `ResultPage`).

use serde::{Deserialize, Serialize};

/// Most items on one page of a listing.
pub const MAX_PER_PAGE: u32 = 500;
/// Items on a page when the request does not say.
pub const DEFAULT_PER_PAGE: u32 = 50;
/// Most head-to-head pairs on one page (about 400 KB of JSON).
pub const MAX_PAIRS_PER_PAGE: u32 = 5000;
/// Head-to-head pairs on a page when the request does not say: every pair of a league of
/// up to 45 players, and for a larger league a page about the size of its table.
pub const DEFAULT_PAIRS_PER_PAGE: u32 = 1000;

/// One page of a listing of `T`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Page<T> {
    pub items: Vec<T>,
    pub page: u32,
    pub per_page: u32,
    /// Items matching the filter, on all pages.
    pub total: i64,
}

/// A type listed in pages: what its page is called in the document, and what it says.
pub trait Listed {
    /// The page's schema name.
    const PAGE: &'static str;
    /// The page's description, if it has one.
    const ABOUT: Option<&'static str> = None;
    /// What `total` counts, e.g. "Results matching the filter, on all pages.".
    const TOTAL: &'static str;
}

#[cfg(feature = "openapi")]
mod schema {
    use super::{Listed, Page};
    use std::borrow::Cow;
    use utoipa::openapi::schema::{ArrayBuilder, KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
    use utoipa::openapi::{Ref, RefOr};
    use utoipa::{PartialSchema, ToSchema};

    fn integer(format: KnownFormat) -> ObjectBuilder {
        ObjectBuilder::new().schema_type(Type::Integer).format(Some(SchemaFormat::KnownFormat(format)))
    }

    impl<T: Listed + ToSchema> PartialSchema for Page<T> {
        fn schema() -> RefOr<Schema> {
            let items = ArrayBuilder::new().items(Ref::from_schema_name(T::name()));
            let counter = || integer(KnownFormat::UInt32).minimum(Some(0));
            ObjectBuilder::new()
                .description(T::ABOUT)
                .property("items", items)
                .required("items")
                .property("page", counter())
                .required("page")
                .property("per_page", counter())
                .required("per_page")
                .property("total", integer(KnownFormat::Int64).description(Some(T::TOTAL)))
                .required("total")
                .into()
        }
    }

    impl<T: Listed + ToSchema> ToSchema for Page<T> {
        fn name() -> Cow<'static, str> {
            Cow::Borrowed(T::PAGE)
        }

        fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
            schemas.push((T::name().into_owned(), T::schema()));
            T::schemas(schemas);
        }
    }
}
