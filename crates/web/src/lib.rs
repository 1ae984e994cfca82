//! # xiangqi-web — the arbiter's desk (`xq serve`)
//!
//! A local web app over event files: the events of a folder, an event's overview, the
//! standings (名次 and 成绩表), each round's 编排记录表 with a result form per board, and the
//! "pair the next round" button. Every page prints on A4 with the forms' grid lines, header
//! rows repeated on every page and 编排长/裁判长 signature lines.
//!
//! Every read and write goes through the event store ([`xiangqi::event::Store`]): a result
//! entered here takes the same lock and atomic replace as `xq event result`, and is refused with
//! the same message.
//!
//! Safety: [`Server::bind`] refuses nothing, but [`Options::token`] is required (or generated)
//! by the `xq serve` command for any address other than loopback; with a token every POST needs
//! it (a cookie set by `/login?token=…`; wrong tokens make their address wait, see
//! [`security::GuessLimit`]). Every form carries a per-process secret, and a POST whose `Origin`
//! names another site is refused. Before anything else, a request's `Host` must name this desk
//! ([`security::HostAllowList`], against DNS rebinding: 421 otherwise), and every response
//! forbids framing (`X-Frame-Options: DENY`, `frame-ancestors 'none'`) and sniffing
//! (`nosniff`). Slow clients are cut off ([`Limits`]: header read and idle timeout, a
//! whole-body deadline and a minimum body rate, a connection cap that closes the stalest
//! waiting connection to make room), a request body is at most [`Limits::max_body`], and the
//! game viewer's readings share a memory budget ([`Limits::parse_memory`]).
//!
//! ```no_run
//! let server = xiangqi_web::Server::bind(xiangqi_web::Options {
//!     root: "events".into(),
//!     bind: "127.0.0.1:8080".parse()?,
//!     ..Default::default()
//! })?;
//! println!("{}", server.url());
//! server.run()?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Benchmarks
//! `cargo bench -p xiangqi-web --bench desk`: the pages and a result entry on a 2,000-player
//! (and 10,000-player) Swiss through the routes, wall and CPU time per call;
//! `cargo bench -p xiangqi-web --bench browser`: headless Chromium's CPU for the 1,000-board
//! round page (skipped with a `NOTICE` without `chromium` and `chromedriver`).

mod app;
mod conn;
mod routes;
pub mod security;
pub use conn::BODY_GRACE;
pub use routes::viewer::PARSE_BYTES_PER_BYTE;
mod words;

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use app::{Desk, Root};
use security::{GuessLimit, HostAllowList};
pub use words::{Lang, Tr};

/// How to serve.
#[derive(Clone, Debug)]
pub struct Options {
    /// An event file, or a folder whose `*.toml` event files are listed.
    pub root: PathBuf,
    /// The address to listen on (port 0: any free port).
    pub bind: SocketAddr,
    /// The access token every write needs, if any.
    pub token: Option<String>,
    /// Host names besides loopback and the bound address that requests may name in their
    /// `Host` header (`--allow-host`: a name of this machine on the LAN), with or without port.
    pub allow_hosts: Vec<String>,
    /// Timeouts and limits against slow or greedy clients.
    pub limits: Limits,
}

impl Default for Options {
    /// The current folder on `127.0.0.1:8080`, no token, no other host names, the default limits.
    fn default() -> Options {
        Options {
            root: PathBuf::from("."),
            bind: SocketAddr::new(IpAddr::V4(Ipv4Addr::LOCALHOST), 8080),
            token: None,
            allow_hosts: Vec::new(),
            limits: Limits::default(),
        }
    }
}

/// Timeouts and limits of the desk's HTTP server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// A request's header must arrive within this long, and a kept-alive connection that sends
    /// no new request is closed after it (hyper's header read timeout; default 30 s).
    pub header_read_timeout: Duration,
    /// A request's whole body must arrive within this long, however it is cut into frames
    /// (default 30 s; 408 otherwise).
    pub body_timeout: Duration,
    /// After its first 5 s ([`BODY_GRACE`]), a body must have come at this many bytes a
    /// second on average (default 1,000; 408 otherwise): one byte every few seconds does not
    /// hold a connection for the whole [`Limits::body_timeout`].
    pub min_body_rate: u32,
    /// The most connections open at once (default 4,096, and never more than the process may
    /// open files, less a reserve for the files the desk reads and writes). When it is reached,
    /// the oldest connection that is not being answered (idle, or still sending its request:
    /// what a slow client holds) is closed to make room; only when all are being answered does
    /// a new one wait.
    pub max_connections: usize,
    /// The largest request body in bytes (default 1 MiB: a form, a players file).
    pub max_body: usize,
    /// The memory the game viewer's readings in progress may take together, in bytes (default
    /// 1 GiB). Each reading weighs its text's length × [`PARSE_BYTES_PER_BYTE`] and waits for
    /// room (503 after 20 s); a game is read once for every request that shows it. With the
    /// desk's own memory and the four games kept, this bounds the desk's memory however many
    /// readers open the largest file the readers take at once (see `docs/cli.md`).
    pub parse_memory: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_read_timeout: Duration::from_secs(30),
            body_timeout: Duration::from_secs(30),
            min_body_rate: 1000,
            max_connections: 4096,
            max_body: 1 << 20,
            parse_memory: 1 << 30,
        }
    }
}

/// Why the desk could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The event file or folder does not exist.
    #[error("{}: no such file or folder", .0.display())]
    NoRoot(PathBuf),
    /// A `--allow-host` name is not a host name.
    #[error(transparent)]
    HostName(#[from] security::BadHostName),
    /// The address could not be bound.
    #[error("--bind {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The error.
        source: std::io::Error,
    },
    /// The runtime could not start or the server stopped with an error.
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
}

/// The desk's routes over an event file or folder, as a [`axum::Router`] (for tests with
/// `tower::ServiceExt::oneshot`, or to nest in another app), answering to the loopback names on
/// any port ([`HostAllowList::loopback`]) with the default [`Limits`].
pub fn router(root: impl Into<PathBuf>, token: Option<String>) -> Result<axum::Router, ServeError> {
    build(
        root.into(),
        token,
        HostAllowList::loopback(),
        &Limits::default(),
        None,
    )
}

/// The routes behind the front door: `Host` check, token rate limit, frame headers, body limit
/// and timeout.
fn build(
    root: PathBuf,
    token: Option<String>,
    hosts: HostAllowList,
    limits: &Limits,
    lan_login: Option<String>,
) -> Result<axum::Router, ServeError> {
    let root = if root.is_dir() {
        Root::Folder(root)
    } else if root.is_file() {
        Root::File(root)
    } else {
        return Err(ServeError::NoRoot(root));
    };
    let served_folder = root.folder();
    let desk = Arc::new(Desk {
        root,
        csrf: security::random_secret(),
        token,
        games: routes::viewer::GameCache::new(limits.parse_memory),
        events: app::EventCache::new(served_folder),
        lan_login,
        hosts,
        guesses: GuessLimit::default(),
        max_body: limits.max_body,
    });
    let body_limits = *limits;
    let routes = routes::routes(Arc::clone(&desk))
        .layer(axum::extract::DefaultBodyLimit::max(limits.max_body))
        .layer(axum::middleware::from_fn(move |req, next| {
            conn::whole_body(body_limits, req, next)
        }));
    Ok(routes.layer(axum::middleware::from_fn(move |req, next| {
        front_door(Arc::clone(&desk), req, next)
    })))
}

/// What every request passes first: its `Host` must name this desk (421 and nothing else done
/// otherwise); a request carrying a token (`?token=` or the token cookie) from an address that
/// sent too many wrong ones waits (429), and its token is counted right or wrong; every response
/// forbids being framed by another page.
async fn front_door(desk: Arc<Desk>, req: Request, next: Next) -> Response {
    let host = req
        .headers()
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .or_else(|| req.uri().authority().map(|a| a.as_str()));
    let mut res = match host {
        Some(h) if desk.hosts.allows(h) => guarded(&desk, req, next).await,
        other => (
            StatusCode::MISDIRECTED_REQUEST,
            format!(
                "421 this desk does not answer to Host {} (a name of this machine on the LAN: xq serve --allow-host NAME)\n",
                app::one_line(&format!("{:?}", other.unwrap_or("")), 80)
            ),
        )
            .into_response(),
    };
    let h = res.headers_mut();
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    // no response is read as another type than it says (an export, a game file)
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static("frame-ancestors 'none'"),
    );
    res
}

/// The token rate limit around a request whose `Host` is allowed.
///
/// - A `?token=` (the login address) that another site's page sent (`Sec-Fetch-Site:
///   cross-site` or `same-site`, or an `Origin`/`Referer` naming another host: an `<img>` or a
///   script of a web page the arbiter has open) is answered 403 without being looked at or
///   counted, so that no page can make the arbiter's own address wait.
/// - A `?token=` from an address that must wait is answered 429 without being looked at; any
///   other is counted right or wrong.
/// - A right token cookie is always honoured, whether or not its address waits (a desk's
///   session is never refused because of guesses made from its address). A wrong cookie is
///   dropped from the request, the browser told to forget it, and counted as a wrong token
///   unless its address already waits. Guessing by cookie therefore runs at the speed of
///   requests: the token's strength ([`security::check_token`]: at least 64 bits) is what
///   stands against it, the rate limit guards the login address.
async fn guarded(desk: &Desk, mut req: Request, next: Next) -> Response {
    let Some(token) = &desk.token else {
        return next.run(req).await;
    };
    let ip = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V6(Ipv6Addr::UNSPECIFIED), |c| c.0.ip());
    let now = Instant::now();
    let waiting = desk.guesses.waiting(ip, now);
    let asked = form_urlencoded::parse(req.uri().query().unwrap_or("").as_bytes())
        .find(|(k, _)| k == "token")
        .map(|(_, v)| v.into_owned());
    if let Some(given) = asked {
        if let Some(from) = security::sent_by_another_site(req.headers()) {
            return security::login_from_another_site(&from);
        }
        if let Some(wait) = waiting {
            let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
            let mut res = (
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "429 令牌错误次数过多，请 {secs} 秒后再试 (too many wrong tokens from this address: try again in {secs} s)\n"
                ),
            )
                .into_response();
            res.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
            return res;
        }
        if security::same_secret(&given, token) {
            desk.guesses.right(ip);
        } else {
            desk.guesses.wrong(ip, now);
        }
    }
    let forget = match security::cookie(req.headers(), security::TOKEN_COOKIE) {
        Some(c) if security::same_secret(c, token) => false,
        Some(_) => {
            if waiting.is_none() {
                desk.guesses.wrong(ip, now);
            }
            true
        }
        None => false,
    };
    if !forget {
        return next.run(req).await;
    }
    security::remove_cookie(req.headers_mut(), security::TOKEN_COOKIE);
    let mut res = next.run(req).await;
    if !res.headers().contains_key(header::SET_COOKIE) {
        res.headers_mut().insert(
            header::SET_COOKIE,
            HeaderValue::from_static("xq_token=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict"),
        );
    }
    res
}

/// A bound, not yet running, desk.
#[derive(Debug)]
pub struct Server {
    runtime: tokio::runtime::Runtime,
    listener: tokio::net::TcpListener,
    app: axum::Router,
    addr: SocketAddr,
    token: Option<String>,
    limits: Limits,
}

impl Server {
    /// Binds the address (the port is taken when this returns) and builds the routes.
    pub fn bind(opts: Options) -> Result<Server, ServeError> {
        if !opts.root.exists() {
            return Err(ServeError::NoRoot(opts.root));
        }
        HostAllowList::for_bind(opts.bind, &opts.allow_hosts)?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()?;
        let listener = runtime
            .block_on(async { listen(opts.bind) })
            .map_err(|source| ServeError::Bind {
                addr: opts.bind,
                source,
            })?;
        let addr = listener.local_addr()?;
        let hosts = HostAllowList::for_bind(addr, &opts.allow_hosts)?;
        let lan = match addr.ip() {
            ip if ip.is_loopback() => None,
            ip if ip.is_unspecified() => lan_address(),
            ip => Some(ip),
        };
        let lan_login = lan.map(|ip| login_url(SocketAddr::new(ip, addr.port()), &opts.token));
        let app = build(
            opts.root,
            opts.token.clone(),
            hosts,
            &opts.limits,
            lan_login,
        )?;
        let mut limits = opts.limits;
        limits.max_connections = limits.max_connections.min(open_file_room()).max(1);
        Ok(Server {
            runtime,
            listener,
            app,
            addr,
            token: opts.token,
            limits,
        })
    }

    /// The address bound.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The limits in force (the connection limit as the open-file limit allows it).
    pub fn limits(&self) -> Limits {
        self.limits
    }

    /// The address to open in a browser: with a token, its `/login?token=…` address (which
    /// sets the cookie and goes on to the events). Bound to every interface (`0.0.0.0`, `[::]`),
    /// the loopback address of that family, which a browser on this machine can open.
    pub fn url(&self) -> String {
        let ip = match self.addr.ip() {
            IpAddr::V4(v4) if v4.is_unspecified() => IpAddr::V4(Ipv4Addr::LOCALHOST),
            IpAddr::V6(v6) if v6.is_unspecified() => IpAddr::V6(Ipv6Addr::LOCALHOST),
            ip => ip,
        };
        self.url_at(ip)
    }

    /// [`Server::url`] with another address of this machine (its address on the LAN), written
    /// as a browser takes it (`http://[fe80::1]:8080/` for IPv6).
    pub fn url_at(&self, ip: IpAddr) -> String {
        login_url(SocketAddr::new(ip, self.addr.port()), &self.token)
    }

    /// Serves until the process ends: each connection through hyper's HTTP/1 server with its
    /// header read timeout (which also closes idle kept-alive connections), at most
    /// [`Limits::max_connections`] at once (the next waits in the listen queue until one closes).
    pub fn run(self) -> Result<(), ServeError> {
        let Server {
            runtime,
            listener,
            app,
            limits,
            ..
        } = self;
        runtime.block_on(conn::serve(listener, app, limits));
        Ok(())
    }
}

/// How many connections the kernel queues before the desk accepts them (the system's
/// `somaxconn` caps it): a burst of thousands of connections is queued, not made to retry a
/// second later.
const LISTEN_BACKLOG: u32 = 4096;

/// Binds `addr` and listens with [`LISTEN_BACKLOG`] (as `TcpListener::bind`, which queues
/// 1,024).
fn listen(addr: SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let sock = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    #[cfg(unix)]
    sock.set_reuseaddr(true)?;
    sock.bind(addr)?;
    sock.listen(LISTEN_BACKLOG)
}

/// The address a browser opens to reach the desk at `at`: with a token, its `/login?token=…`.
fn login_url(at: SocketAddr, token: &Option<String>) -> String {
    match token {
        Some(t) => format!("http://{at}/login?token={t}"),
        None => format!("http://{at}/"),
    }
}

/// This machine's address on its network: the source address a UDP socket would use towards a
/// documentation address (TEST-NET-1; connecting a UDP socket sends nothing). `None` offline.
fn lan_address() -> Option<IpAddr> {
    let sock = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    sock.connect("192.0.2.1:9").ok()?;
    let ip = sock.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}

/// How many connections the process may hold: its open-file limit (raised to the hard limit
/// first) less 256 for the files the desk reads and writes.
fn open_file_room() -> usize {
    let limit = rlimit::increase_nofile_limit(u64::MAX).unwrap_or(1024);
    usize::try_from(limit.saturating_sub(256).max(16)).unwrap_or(usize::MAX)
}
