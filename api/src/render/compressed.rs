//! A body in each encoding clients accept, made once: as it is, gzip and brotli, each its
//! own representation with its own strong ETag. A cached answer is compressed when it is
//! rendered (once per league revision, however many read it) and never per request; a
//! static asset the first time anyone asks.

use actix_web::web::Bytes;
use std::io::Write;

/// Below this size compression saves less than its headers cost.
const WORTH_IT: usize = 256;

/// One representation: its bytes and their strong ETag (quotes included).
#[derive(Debug, Clone)]
pub struct Encoded {
    pub bytes: Bytes,
    pub etag: String,
}

/// How hard to compress: fast for what is rendered again with every change, best for
/// what is made once for the life of the process.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effort {
    Render,
    Static,
}

/// A body as it is and, where it is worth it, compressed.
#[derive(Debug, Clone)]
pub struct Compressed {
    pub plain: Encoded,
    pub gzip: Option<Encoded>,
    pub brotli: Option<Encoded>,
}

impl Compressed {
    /// `plain` with its ETag, and its compressed forms (each ETag the plain one marked
    /// with its encoding, so that they never match each other).
    pub fn new(plain: Bytes, etag: String, effort: Effort) -> Compressed {
        let (gzip, brotli) = if plain.len() < WORTH_IT {
            (None, None)
        } else {
            let (gzip_level, brotli_quality) = match effort {
                Effort::Render => (5, 4),
                Effort::Static => (9, 11),
            };
            (
                Some(Encoded { bytes: gzip(&plain, gzip_level).into(), etag: marked(&etag, "gz") }),
                Some(Encoded { bytes: brotli(&plain, brotli_quality).into(), etag: marked(&etag, "br") }),
            )
        };
        Compressed { plain: Encoded { bytes: plain, etag }, gzip, brotli }
    }

    /// The memory its bytes hold.
    pub fn heap_bytes(&self) -> usize {
        let len = |e: &Option<Encoded>| e.as_ref().map_or(0, |e| e.bytes.len() + e.etag.len());
        self.plain.bytes.len() + self.plain.etag.len() + len(&self.gzip) + len(&self.brotli)
    }
}

/// `"abc"` marked as `"abc-gz"`.
fn marked(etag: &str, encoding: &str) -> String {
    format!("{}-{encoding}\"", etag.trim_end_matches('"'))
}

fn gzip(plain: &[u8], level: u32) -> Vec<u8> {
    let mut encoder =
        flate2::write::GzEncoder::new(Vec::with_capacity(plain.len() / 4), flate2::Compression::new(level));
    // Writing into memory cannot fail.
    let _ = encoder.write_all(plain);
    encoder.finish().unwrap_or_default()
}

fn brotli(plain: &[u8], quality: u32) -> Vec<u8> {
    // A window no larger than the body: the encoder allocates its buffers by the window,
    // and the largest (4 MB) made every render of a small table allocate megabytes.
    let window = (usize::BITS - plain.len().max(1).leading_zeros()).clamp(10, 22);
    let mut out = Vec::with_capacity(plain.len() / 4);
    {
        let mut encoder = brotli::CompressorWriter::new(&mut out, 4096, quality, window);
        let _ = encoder.write_all(plain);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn each_encoding_decodes_to_the_plain_bytes_and_has_its_own_etag() {
        let plain: Bytes =
            serde_json::to_vec(&(0..500).map(|i| format!("Spielerin {i}")).collect::<Vec<_>>()).unwrap().into();
        let c = Compressed::new(plain.clone(), "\"abc\"".into(), Effort::Render);
        let gz = c.gzip.as_ref().unwrap();
        let br = c.brotli.as_ref().unwrap();
        let mut unzipped = Vec::new();
        flate2::read::GzDecoder::new(&gz.bytes[..]).read_to_end(&mut unzipped).unwrap();
        assert_eq!(unzipped, plain);
        let mut unbrotlied = Vec::new();
        brotli::Decompressor::new(&br.bytes[..], 4096).read_to_end(&mut unbrotlied).unwrap();
        assert_eq!(unbrotlied, plain);
        assert_eq!(
            (c.plain.etag.as_str(), gz.etag.as_str(), br.etag.as_str()),
            ("\"abc\"", "\"abc-gz\"", "\"abc-br\"")
        );
        assert!(
            gz.bytes.len() * 5 < plain.len() && br.bytes.len() * 5 < plain.len(),
            "{} {}",
            gz.bytes.len(),
            br.bytes.len()
        );
        assert!(c.heap_bytes() > plain.len());
    }

    #[test]
    fn a_small_body_is_left_as_it_is() {
        let c = Compressed::new(Bytes::from_static(b"{}"), "\"e\"".into(), Effort::Static);
        assert!(c.gzip.is_none() && c.brotli.is_none());
    }
}
