//! Group commit for SQLite: one writer thread takes every write waiting in its queue,
//! runs each in a savepoint of one transaction, commits once, and only then answers each
//! request. With `synchronous=FULL` a commit costs an fsync; sharing it among all the
//! writes that arrived meanwhile multiplies throughput, and no request is answered before
//! its own data is durable.

use super::{DatabaseUrl, DbConn, Pool, Pooled, recycle_connections};
use crate::error::Error;
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// Runs one write on the shared transaction; says whether it failed because the database
/// is unavailable, and returns what to do once the transaction's fate is known.
type Job = Box<dyn FnOnce(&mut DbConn) -> (Option<String>, Reply) + Send>;
type Reply = Box<dyn FnOnce(Result<(), Error>) + Send>;

/// Most writes in one transaction: bounds the time the write lock is held.
const MAX_BATCH: usize = 256;

#[derive(Clone)]
pub struct GroupWriter {
    jobs: mpsc::Sender<Job>,
    /// Why the last group commit could not write, until one does (`/api/v1/ready`).
    failing: Arc<Mutex<Option<String>>>,
}

impl GroupWriter {
    /// Starts the writer thread with a connection of its own to `url`; it ends when
    /// every `GroupWriter` handle is dropped.
    pub fn start(url: DatabaseUrl, pool: Pool) -> GroupWriter {
        let (jobs, queue) = mpsc::channel::<Job>();
        let failing = Arc::new(Mutex::new(None));
        let told = failing.clone();
        std::thread::Builder::new()
            .name("group-commit".into())
            .spawn(move || run(&url, &pool, &queue, &told))
            .expect("the group-commit thread starts");
        GroupWriter { jobs, failing }
    }

    /// Why writes fail, if the last group commit could not write (a read-only or full
    /// database); `None` once one wrote again.
    pub fn failing(&self) -> Option<String> {
        self.failing.lock().unwrap_or_else(|e| e.into_inner()).clone()
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
            let unavailable = match &outcome {
                Err(Error::Unavailable(why)) => Some(why.chain()),
                _ => None,
            };
            let reply: Reply = Box::new(move |committed: Result<(), Error>| {
                let _ = reply.send(committed.and(outcome));
            });
            (unavailable, reply)
        });
        self.jobs.send(job).map_err(|_| Error::internal("the group-commit writer has stopped"))?;
        // A job is only dropped unanswered when no connection could be had for its batch.
        answer.await.map_err(|_| Error::unavailable("no database connection for the group commit"))?
    }
}

fn run(url: &DatabaseUrl, pool: &Pool, queue: &mpsc::Receiver<Job>, failing: &Mutex<Option<String>>) {
    // Reopened after a failed batch: a connection opened while the file was read-only
    // stays read-only, and after a full disk or an I/O error a fresh one is the safe bet.
    // Counted with the pool's (`Pooled`): it too must close before the file is reopened.
    let mut connection: Option<Pooled> = None;
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let mut replies = Vec::with_capacity(batch.len());
        let mut unavailable: Option<String> = None;
        if connection.is_none() {
            connection = Pooled::open(url)
                .map_err(|e| tracing::debug!(error = %e, "the group-commit writer cannot connect yet"))
                .ok();
        }
        let committed = match connection.as_mut() {
            Some(conn) => conn.write(|conn| {
                for job in batch.drain(..) {
                    // A panicking write must not take the writer down with it, nor leave its
                    // savepoint half done: the whole batch is rolled back and answered with
                    // an error, and the connection is replaced.
                    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(conn))) {
                        Ok((failed, reply)) => {
                            if failed.is_some() {
                                unavailable = failed;
                            }
                            replies.push(reply);
                        }
                        Err(_) => {
                            return Err(Error::internal("a write panicked; its batch was rolled back"));
                        }
                    }
                }
                Ok::<_, Error>(())
            }),
            None => Err(Error::unavailable(format!(
                "the database cannot be opened for writing: {}",
                super::down().unwrap_or_else(|| "connections opened before are still closing".into())
            ))),
        };
        let why = match &committed {
            Err(Error::Unavailable(why)) => Some(why.chain()),
            Err(e) => Some(e.to_string()),
            Ok(()) => unavailable.clone(),
        };
        if let Err(e) = &committed {
            tracing::warn!(writes = replies.len() + batch.len(), error = ?e, "a group commit failed");
        }
        *failing.lock().unwrap_or_else(|e| e.into_inner()) = why;
        if committed.is_err() || unavailable.is_some() {
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
