//! Group commit for SQLite: one writer thread takes every write waiting in its queue,
//! runs each in a savepoint of one transaction, commits once, and only then answers each
//! request. With `synchronous=FULL` a commit costs an fsync; sharing it among all the
//! writes that arrived meanwhile multiplies throughput, and no request is answered before
//! its own data is durable.

use super::{DatabaseUrl, DbConn, Pool, recycle_connections};
use crate::error::Error;
use std::sync::mpsc;

/// Runs one write on the shared transaction; says whether it failed because the database
/// is unavailable, and returns what to do once the transaction's fate is known.
type Job = Box<dyn FnOnce(&mut DbConn) -> (bool, Reply) + Send>;
type Reply = Box<dyn FnOnce(Result<(), Error>) + Send>;

/// Most writes in one transaction: bounds the time the write lock is held.
const MAX_BATCH: usize = 256;

#[derive(Clone)]
pub struct GroupWriter {
    jobs: mpsc::Sender<Job>,
}

impl GroupWriter {
    /// Starts the writer thread with a connection of its own to `url`; it ends when
    /// every `GroupWriter` handle is dropped.
    pub fn start(url: DatabaseUrl, pool: Pool) -> GroupWriter {
        let (jobs, queue) = mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("group-commit".into())
            .spawn(move || run(&url, &pool, &queue))
            .expect("the group-commit thread starts");
        GroupWriter { jobs }
    }

    /// Runs `f` in the next group commit and waits for that commit.
    pub async fn write<T, F>(&self, f: F) -> Result<T, Error>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConn) -> Result<T, Error> + Send + 'static,
    {
        let (reply, answer) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move |conn: &mut DbConn| {
            // A savepoint each: one request's failure does not spoil the others'.
            let outcome = conn.write(f);
            let unavailable = matches!(outcome, Err(Error::Unavailable(_)));
            let reply: Reply = Box::new(move |committed: Result<(), Error>| {
                let _ = reply.send(committed.and(outcome));
            });
            (unavailable, reply)
        });
        self.jobs.send(job).map_err(|_| Error::Internal("the group-commit writer has stopped".into()))?;
        // A job is only dropped unanswered when no connection could be had for its batch.
        answer.await.map_err(|_| Error::Unavailable("no database connection for the group commit".into()))?
    }
}

fn run(url: &DatabaseUrl, pool: &Pool, queue: &mpsc::Receiver<Job>) {
    // Reopened after a failed batch: a connection opened while the file was read-only
    // stays read-only, and after a full disk or an I/O error a fresh one is the safe bet.
    let mut connection: Option<DbConn> = None;
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let mut replies = Vec::with_capacity(batch.len());
        let mut unavailable = false;
        if connection.is_none() {
            connection =
                url.connect().map_err(|e| tracing::warn!(error = %e, "the group-commit writer cannot connect")).ok();
        }
        let committed = match connection.as_mut() {
            Some(conn) => conn.write(|conn| {
                for job in batch.drain(..) {
                    // A panicking write must not take the writer down with it, nor leave its
                    // savepoint half done: the whole batch is rolled back and answered with
                    // an error, and the connection is replaced.
                    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(conn))) {
                        Ok((failed, reply)) => {
                            unavailable |= failed;
                            replies.push(reply);
                        }
                        Err(_) => {
                            unavailable = true;
                            return Err(Error::Internal("a write panicked; its batch was rolled back".into()));
                        }
                    }
                }
                Ok::<_, Error>(())
            }),
            None => Err(Error::Unavailable("the database cannot be opened for writing".into())),
        };
        if let Err(e) = &committed {
            tracing::warn!(writes = replies.len() + batch.len(), error = %e, "a group commit failed");
        }
        if committed.is_err() || unavailable {
            connection = None;
            recycle_connections(pool);
        }
        // Jobs that never ran (no connection) are dropped, which answers them with 503.
        batch.clear();
        for reply in replies {
            reply(committed.clone());
        }
    }
}
