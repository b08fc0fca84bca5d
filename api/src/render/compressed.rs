//! A body in each encoding clients accept, made once: as it is, gzip and brotli, each its
//! own representation with its own strong ETag. A cached answer (once per league
//! revision) and a static asset (once per process) are compressed the first time a client
//! accepts each encoding, however many read it, and never per request: an encoding no
//! client asks for costs nothing.

use actix_web::web::Bytes;
use std::io::Write;
use std::sync::OnceLock;

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

/// A body as it is and, where it is worth it, compressed: each compressed form made the
/// first time a client accepts it (once for the life of the body, however many ask at
/// once), so that an encoding nobody asks for costs neither time nor memory.
#[derive(Debug)]
pub struct Compressed {
    pub plain: Encoded,
    effort: Effort,
    gzip: OnceLock<Encoded>,
    brotli: OnceLock<Encoded>,
}

impl Compressed {
    /// `plain` with its ETag; its compressed forms (each ETag the plain one marked with
    /// its encoding, so that they never match each other) are made when first asked for.
    pub fn new(plain: Bytes, etag: String, effort: Effort) -> Compressed {
        Compressed { plain: Encoded { bytes: plain, etag }, effort, gzip: OnceLock::new(), brotli: OnceLock::new() }
    }

    /// Are compressed forms offered at all? Not for a body too small to gain from them.
    pub fn compressible(&self) -> bool {
        self.plain.bytes.len() >= WORTH_IT
    }

    /// The gzip form, made now if nobody asked for it before.
    pub fn gzip(&self) -> Option<&Encoded> {
        self.compressible()
            .then(|| self.gzip.get_or_init(|| self.encoded(gzip(&self.plain.bytes, self.levels().0), "gz")))
    }

    /// The brotli form, made now if nobody asked for it before.
    pub fn brotli(&self) -> Option<&Encoded> {
        self.compressible()
            .then(|| self.brotli.get_or_init(|| self.encoded(brotli(&self.plain.bytes, self.levels().1), "br")))
    }

    /// (gzip level, brotli quality): fast for what is rendered again with every change,
    /// best for what is made once for the life of the process.
    fn levels(&self) -> (u32, u32) {
        match self.effort {
            Effort::Render => (5, 4),
            Effort::Static => (9, 11),
        }
    }

    fn encoded(&self, mut bytes: Vec<u8>, encoding: &'static str) -> Encoded {
        metrics::counter!("spielstand_compressions_total", "encoding" => encoding).increment(1);
        // Kept as long as the body (and packed, longer): no spare capacity.
        bytes.shrink_to_fit();
        Encoded { bytes: bytes.into(), etag: marked(&self.plain.etag, encoding) }
    }

    /// The body kept small: its gzip form if one was made (sharing its bytes), or the
    /// plain bytes of a body too small to compress. `None` when only a compression made now
    /// could pack it: a cache packs under its lock, where nothing is compressed.
    pub fn packed(&self) -> Option<Packed> {
        if !self.compressible() {
            return Some(Packed { plain_etag: self.plain.etag.clone(), kept: self.plain.clone(), gzipped: false });
        }
        let gzip = self.gzip.get()?;
        Some(Packed { plain_etag: self.plain.etag.clone(), kept: gzip.clone(), gzipped: true })
    }

    /// The memory its bytes hold now.
    pub fn heap_bytes(&self) -> usize {
        let len = |e: Option<&Encoded>| e.map_or(0, |e| e.bytes.len() + e.etag.len());
        self.plain.bytes.len() + self.plain.etag.len() + len(self.gzip.get()) + len(self.brotli.get())
    }

    /// The memory its bytes will hold once both compressed forms are made: the plain
    /// bytes and, where compressed, about half as much again (each form is well under a
    /// quarter of the plain bytes for JSON, CSV and HTML). What a cache counts ahead.
    pub fn bytes_when_made(&self) -> usize {
        let plain = self.plain.bytes.len() + self.plain.etag.len();
        if self.compressible() { plain + plain / 2 } else { plain }
    }
}

/// A body kept in its gzip form only (or as it is, when too small to compress): what a
/// cache holds of a view whose league it no longer holds, at a fifth of the plain bytes.
/// A client that accepts gzip gets these bytes; one that does not gets them inflated,
/// per request (rare: browsers, the CLI and HTTP libraries all accept gzip).
#[derive(Debug)]
pub struct Packed {
    plain_etag: String,
    kept: Encoded,
    gzipped: bool,
}

impl Packed {
    /// The gzip form, with the same bytes and ETag as the body's it was packed from.
    pub fn gzip(&self) -> Option<&Encoded> {
        self.gzipped.then_some(&self.kept)
    }

    /// The ETag of the plain bytes.
    pub fn plain_etag(&self) -> &str {
        &self.plain_etag
    }

    /// The plain bytes with their ETag: inflated now if the body is kept compressed.
    pub fn plain(&self) -> std::io::Result<Encoded> {
        if !self.gzipped {
            return Ok(self.kept.clone());
        }
        let mut plain = Vec::with_capacity(self.kept.bytes.len() * 5);
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&self.kept.bytes[..]), &mut plain)?;
        Ok(Encoded { bytes: plain.into(), etag: self.plain_etag.clone() })
    }

    /// The memory it holds.
    pub fn heap_bytes(&self) -> usize {
        self.kept.bytes.len() + self.kept.etag.len() + self.plain_etag.len()
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
        assert_eq!(c.heap_bytes(), plain.len() + 5, "nothing compressed before anyone asks");
        let gz = c.gzip().unwrap();
        let br = c.brotli().unwrap();
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
        assert!(c.heap_bytes() > plain.len() + 5);
        assert!(std::ptr::eq(gz, c.gzip().unwrap()), "made once");
    }

    #[test]
    fn readers_arriving_together_share_one_compression() {
        let plain: Bytes = "Rangeln, Mensch, Ghostbuster, Lauf Rauf, Hase und Igel; ".repeat(200).into();
        let c = Compressed::new(plain, "\"t\"".into(), Effort::Render);
        let made: Vec<usize> = std::thread::scope(|s| {
            let readers: Vec<_> = (0..8).map(|_| s.spawn(|| c.brotli().unwrap() as *const Encoded as usize)).collect();
            readers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        assert!(made.windows(2).all(|w| w[0] == w[1]), "one brotli form for every reader");
        assert!(c.gzip.get().is_none(), "gzip not made: nobody asked for it");
    }

    #[test]
    fn a_packed_body_is_the_gzip_form_and_inflates_to_the_plain_bytes() {
        let plain: Bytes = "Hase und Igel, Lauf Rauf! ".repeat(100).into();
        let c = Compressed::new(plain.clone(), "\"p\"".into(), Effort::Render);
        assert!(c.packed().is_none(), "nothing to pack before the gzip form is made");
        let gz = c.gzip().unwrap().clone();
        let packed = c.packed().unwrap();
        assert_eq!(packed.gzip().unwrap().bytes, gz.bytes);
        assert_eq!(packed.gzip().unwrap().etag, gz.etag);
        let inflated = packed.plain().unwrap();
        assert_eq!((inflated.bytes, inflated.etag.as_str()), (plain, "\"p\""));
        assert!(packed.heap_bytes() < c.heap_bytes() / 4);
        let small = Compressed::new(Bytes::from_static(b"[]"), "\"s\"".into(), Effort::Render);
        let packed = small.packed().unwrap();
        assert!(packed.gzip().is_none());
        assert_eq!(packed.plain().unwrap().bytes, Bytes::from_static(b"[]"));
    }

    #[test]
    fn a_small_body_is_left_as_it_is() {
        let c = Compressed::new(Bytes::from_static(b"{}"), "\"e\"".into(), Effort::Static);
        assert!(c.gzip().is_none() && c.brotli().is_none() && !c.compressible());
    }
}
