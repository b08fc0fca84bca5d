//! The app's static assets (style, script, service worker, icon) as phones get them:
//! compressed once, with brotli and gzip, the first time anyone asks, then served from
//! memory in the encoding the phone accepts. Each encoding is its own representation with
//! its own strong ETag.

use super::conditional;
use super::conditional::REVALIDATE;
use crate::render::compressed::{Compressed, Effort};
use actix_web::http::header::{self, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use std::sync::OnceLock;

/// An asset embedded in the binary, with its compressed forms made on first use.
pub struct Asset {
    body: &'static str,
    content_type: &'static str,
    compressed: OnceLock<Compressed>,
}

impl Asset {
    pub const fn new(body: &'static str, content_type: &'static str) -> Asset {
        Asset { body, content_type, compressed: OnceLock::new() }
    }

    fn compressed(&self) -> &Compressed {
        self.compressed.get_or_init(|| {
            let plain = Bytes::from_static(self.body.as_bytes());
            Compressed::new(plain, conditional::etag(self.body.as_bytes()), Effort::Static)
        })
    }

    /// The asset for `req`, in the best encoding it accepts: its URL names its version
    /// (`?v=`), so a phone keeps it for a year; an ETag answers anyone who asks without.
    pub fn respond(&self, req: &HttpRequest) -> HttpResponse {
        let versioned = req.query_string().starts_with("v=");
        let cache = if versioned { "public, max-age=31536000, immutable" } else { REVALIDATE };
        let mut response = conditional::respond_compressed(req, self.compressed(), cache, self.content_type);
        response.headers_mut().insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;
    use std::io::Read;

    static ASSET: Asset = Asset::new(crate::render::app::CSS, "text/css; charset=utf-8");

    fn body(response: HttpResponse) -> Vec<u8> {
        let bytes = actix_web::rt::System::new().block_on(actix_web::body::to_bytes(response.into_body()));
        bytes.expect("a body").to_vec()
    }

    #[test]
    fn each_encoding_is_its_own_representation() {
        let plain = ASSET.respond(&TestRequest::get().to_http_request());
        assert!(plain.headers().get(header::CONTENT_ENCODING).is_none());
        let plain_tag = plain.headers().get(header::ETAG).cloned().expect("an ETag");
        assert_eq!(body(plain), ASSET.body.as_bytes());

        let gz = ASSET.respond(&TestRequest::get().insert_header((header::ACCEPT_ENCODING, "gzip")).to_http_request());
        assert_eq!(gz.headers().get(header::CONTENT_ENCODING).expect("gzip"), "gzip");
        assert_ne!(gz.headers().get(header::ETAG), Some(&plain_tag), "another representation, another tag");
        let mut unzipped = String::new();
        flate2::read::GzDecoder::new(&body(gz)[..]).read_to_string(&mut unzipped).expect("gzip");
        assert_eq!(unzipped, ASSET.body);

        let br = ASSET
            .respond(&TestRequest::get().insert_header((header::ACCEPT_ENCODING, "gzip;q=0.5, br")).to_http_request());
        assert_eq!(br.headers().get(header::CONTENT_ENCODING).expect("br"), "br");
        let mut unbrotlied = String::new();
        brotli::Decompressor::new(&body(br)[..], 4096).read_to_string(&mut unbrotlied).expect("brotli");
        assert_eq!(unbrotlied, ASSET.body);

        // Refusing identity and offering nothing known: the plain bytes still (a 406 would
        // leave the page without its style).
        let odd = ASSET.respond(&TestRequest::get().insert_header((header::ACCEPT_ENCODING, "zstd")).to_http_request());
        assert!(odd.headers().get(header::CONTENT_ENCODING).is_none());
    }
}
