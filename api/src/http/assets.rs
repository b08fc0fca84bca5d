//! The app's static assets (style, script, service worker, icon) as phones get them:
//! compressed once, with brotli and gzip, the first time anyone asks, then served from
//! memory in the encoding the phone accepts. Each encoding is its own representation with
//! its own strong ETag.

use super::conditional;
use super::conditional::REVALIDATE;
use actix_web::http::header::{self, AcceptEncoding, ContentEncoding, Encoding, Header, HeaderValue};
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use std::io::Write;
use std::sync::OnceLock;

/// One representation: its bytes and their ETag.
struct Encoded {
    bytes: Bytes,
    etag: String,
}

impl Encoded {
    fn of(bytes: Vec<u8>) -> Encoded {
        Encoded { etag: conditional::etag(&bytes), bytes: Bytes::from(bytes) }
    }
}

/// An asset embedded in the binary, with its compressed forms made on first use.
pub struct Asset {
    body: &'static str,
    content_type: &'static str,
    identity: OnceLock<Encoded>,
    gzip: OnceLock<Encoded>,
    brotli: OnceLock<Encoded>,
}

impl Asset {
    pub const fn new(body: &'static str, content_type: &'static str) -> Asset {
        Asset { body, content_type, identity: OnceLock::new(), gzip: OnceLock::new(), brotli: OnceLock::new() }
    }

    fn identity(&self) -> &Encoded {
        self.identity.get_or_init(|| Encoded::of(self.body.as_bytes().to_vec()))
    }

    fn gzip(&self) -> &Encoded {
        self.gzip.get_or_init(|| {
            let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
            encoder.write_all(self.body.as_bytes()).expect("writing to memory");
            Encoded::of(encoder.finish().expect("writing to memory"))
        })
    }

    fn brotli(&self) -> &Encoded {
        self.brotli.get_or_init(|| {
            let mut out = Vec::new();
            {
                let mut encoder = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
                encoder.write_all(self.body.as_bytes()).expect("writing to memory");
            }
            Encoded::of(out)
        })
    }

    /// The asset for `req`, in the best encoding it accepts: its URL names its version
    /// (`?v=`), so a phone keeps it for a year; an ETag answers anyone who asks without.
    pub fn respond(&self, req: &HttpRequest) -> HttpResponse {
        let accepted = AcceptEncoding::parse(req).ok();
        let supported = [Encoding::brotli(), Encoding::gzip(), Encoding::identity()];
        let chosen = accepted.and_then(|a| a.negotiate(supported.iter())).unwrap_or_else(Encoding::identity);
        let (encoded, encoding) = if chosen == Encoding::brotli() {
            (self.brotli(), Some(ContentEncoding::Brotli))
        } else if chosen == Encoding::gzip() {
            (self.gzip(), Some(ContentEncoding::Gzip))
        } else {
            (self.identity(), None)
        };
        let versioned = req.query_string().starts_with("v=");
        let cache = if versioned { "public, max-age=31536000, immutable" } else { REVALIDATE };
        let mut response = conditional::respond(req, &encoded.etag, cache, self.content_type, encoded.bytes.clone());
        let headers = response.headers_mut();
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
        headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
        if let Some(encoding) = encoding {
            headers.insert(header::CONTENT_ENCODING, encoding.to_header_value());
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;
    use std::io::Read;

    static ASSET: Asset = Asset::new("body { color: red; }\n", "text/css; charset=utf-8");

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
