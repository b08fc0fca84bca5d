//! A cached body sent in slices. actix-http copies each chunk of a response body into the
//! connection's write buffer, so a large cached view sent as one chunk was copied whole for
//! every connection reading it at once: 64 readers of a big league's head-to-head (10 MB)
//! held 640 MB. Slices of the shared bytes cost no copy until they are written, and the
//! connection asks for the next slice only once its buffer has drained, so each holds about
//! one slice beyond what its socket took. The length is known: `Content-Length` stays.

use actix_web::body::{BodySize, MessageBody};
use actix_web::web::Bytes;
use std::convert::Infallible;
use std::pin::Pin;
use std::task::{Context, Poll};

/// Bodies up to this size go out as one chunk, as before.
pub const SLICE: usize = 64 * 1024;

pub struct Sliced {
    rest: Bytes,
    len: u64,
}

impl Sliced {
    pub fn new(body: Bytes) -> Sliced {
        Sliced { len: body.len() as u64, rest: body }
    }
}

impl MessageBody for Sliced {
    type Error = Infallible;

    fn size(&self) -> BodySize {
        BodySize::Sized(self.len)
    }

    fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Result<Bytes, Infallible>>> {
        let this = self.get_mut();
        if this.rest.is_empty() {
            return Poll::Ready(None);
        }
        let n = this.rest.len().min(SLICE);
        Poll::Ready(Some(Ok(this.rest.split_to(n))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn slices_add_up_to_the_body() {
        let body = Bytes::from((0..200_000u32).map(|i| (i % 251) as u8).collect::<Vec<u8>>());
        let sliced = Sliced::new(body.clone());
        assert_eq!(sliced.size(), BodySize::Sized(200_000));
        let back = actix_web::body::to_bytes(sliced).await.unwrap();
        assert_eq!(back, body);
    }
}
