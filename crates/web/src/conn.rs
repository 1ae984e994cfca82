//! The desk's connections: the accept loop with its connection cap, and the whole-body
//! deadline every request body is read under.
//!
//! **A cap slow clients cannot fill.** At most [`Limits::max_connections`] connections are
//! open. When a new one arrives and the cap is reached, the oldest connection that is not
//! answering a request (idle, or still sending its header or body: what a slow client holds)
//! is closed to make room; only when every open connection is being answered does the new one
//! wait. A slow client's connection is therefore never worth more than a fresh one: thousands of
//! them cannot keep an arbiter's request out.
//!
//! **A whole-body deadline.** A request's body is read whole before its handler runs: it must
//! arrive within [`Limits::body_timeout`] in all (not per frame: one byte every few seconds
//! does not keep it alive), and, after the first [`BODY_GRACE`], at no less than
//! [`Limits::min_body_rate`] bytes a second on average. Otherwise 408.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, Request};
use axum::http::StatusCode;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http_body_util::BodyExt as _;

use crate::Limits;

/// How long a body may start slowly before [`Limits::min_body_rate`] is held against it.
pub const BODY_GRACE: Duration = Duration::from_secs(5);

/// How many requests of a connection are being answered (0: the connection is idle or still
/// sending): put in every request's extensions by the accept loop.
#[derive(Clone, Debug, Default)]
pub(crate) struct Answering(Arc<AtomicU32>);

/// Marks a connection as answering while it lives.
struct AnsweringGuard(Arc<AtomicU32>);

impl Drop for AnsweringGuard {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// The open connections, oldest first.
#[derive(Default)]
struct Open {
    next: u64,
    conns: BTreeMap<u64, (Answering, tokio::task::AbortHandle)>,
}

impl Open {
    /// Closes the oldest connection that is not answering a request; false if there is none.
    fn evict_one(&mut self) -> bool {
        let victim = self
            .conns
            .iter()
            .find(|(_, (a, _))| a.0.load(Ordering::Acquire) == 0)
            .map(|(id, _)| *id);
        match victim.and_then(|id| self.conns.remove(&id)) {
            Some((_, abort)) => {
                abort.abort();
                true
            }
            None => false,
        }
    }
}

/// The accept loop (as `axum::serve`'s, with hyper's timer, the header read timeout and the
/// connection cap described in the module's documentation).
pub(crate) async fn serve(listener: tokio::net::TcpListener, app: axum::Router, limits: Limits) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::service::TowerToHyperService;
    use tower::ServiceExt as _;

    let permits = Arc::new(tokio::sync::Semaphore::new(limits.max_connections.max(1)));
    let open = Arc::new(Mutex::new(Open::default()));
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout)
        .keep_alive(true);
    loop {
        let (stream, remote) = match listener.accept().await {
            Ok(conn) => conn,
            Err(_) => {
                // out of file descriptors and the like: let connections close, then go on
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let permit = match Arc::clone(&permits).try_acquire_owned() {
            Ok(p) => p,
            Err(_) => {
                // full: make room by closing the stalest connection that is not being
                // answered; if every one is being answered, wait for one to end
                open.lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .evict_one();
                let Ok(p) = Arc::clone(&permits).acquire_owned().await else {
                    return;
                };
                p
            }
        };
        let answering = Answering::default();
        let marks = answering.clone();
        let service =
            app.clone()
                .map_request(move |req: axum::http::Request<hyper::body::Incoming>| {
                    let mut req = req.map(Body::new);
                    req.extensions_mut().insert(ConnectInfo(remote));
                    req.extensions_mut().insert(marks.clone());
                    req
                });
        let conn = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let mut table = open.lock().unwrap_or_else(PoisonError::into_inner);
        let id = table.next;
        table.next += 1;
        let open2 = Arc::clone(&open);
        let task = tokio::spawn(async move {
            let _ = conn.await;
            open2
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .conns
                .remove(&id);
            drop(permit);
        });
        table.conns.insert(id, (answering, task.abort_handle()));
    }
}

/// Reads a request's body whole under the deadline and rate of [`Limits`], then runs the
/// handler with the connection marked as answering. A body larger than `max_body` is passed
/// on as it comes (the handlers' body limit answers it, 413).
pub(crate) async fn whole_body(limits: Limits, req: Request, next: Next) -> Response {
    let (parts, mut body) = req.into_parts();
    let started = Instant::now();
    let mut got: Vec<u8> = Vec::new();
    let mut rest = None;
    loop {
        let elapsed = started.elapsed();
        if elapsed >= limits.body_timeout {
            return too_slow(&limits, got.len(), elapsed);
        }
        // wake at least every second to hold the rate against a body that sends nothing
        let wait = (limits.body_timeout - elapsed).min(Duration::from_secs(1));
        match tokio::time::timeout(wait, body.frame()).await {
            Ok(None) => break,
            Ok(Some(Err(e))) => {
                return (StatusCode::BAD_REQUEST, format!("400 {e}\n")).into_response();
            }
            Ok(Some(Ok(frame))) => {
                if let Ok(data) = frame.into_data() {
                    got.extend_from_slice(&data);
                    if got.len() > limits.max_body {
                        rest = Some(body);
                        break;
                    }
                }
            }
            Err(_) => {}
        }
        let elapsed = started.elapsed();
        if elapsed > BODY_GRACE
            && (got.len() as f64) < f64::from(limits.min_body_rate) * elapsed.as_secs_f64()
        {
            return too_slow(&limits, got.len(), elapsed);
        }
    }
    let body = match rest {
        None => Body::from(got),
        Some(rest) => Body::new(Chain {
            first: Some(Bytes::from(got)),
            rest,
        }),
    };
    let req = Request::from_parts(parts, body);
    let _guard = req.extensions().get::<Answering>().map(|a| {
        a.0.fetch_add(1, Ordering::AcqRel);
        AnsweringGuard(Arc::clone(&a.0))
    });
    next.run(req).await
}

/// 408 for a body that came too slowly.
fn too_slow(limits: &Limits, got: usize, elapsed: Duration) -> Response {
    (
        StatusCode::REQUEST_TIMEOUT,
        format!(
            "408 请求正文太慢：{got} 字节用了 {:.0} 秒（须在 {} 秒内送完，且每秒至少 {} 字节） (request body too slow: {got} bytes in {:.0} s; it must arrive within {} s, at {} bytes/s at least)\n",
            elapsed.as_secs_f64(),
            limits.body_timeout.as_secs(),
            limits.min_body_rate,
            elapsed.as_secs_f64(),
            limits.body_timeout.as_secs(),
            limits.min_body_rate,
        ),
    )
        .into_response()
}

/// The bytes read so far, then the rest of the body as it comes.
struct Chain {
    first: Option<Bytes>,
    rest: Body,
}

impl http_body::Body for Chain {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Result<http_body::Frame<Bytes>, axum::Error>>> {
        if let Some(first) = self.first.take() {
            return std::task::Poll::Ready(Some(Ok(http_body::Frame::data(first))));
        }
        std::pin::Pin::new(&mut self.rest).poll_frame(cx)
    }
}
