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
//! it (a cookie set by `/login?token=…`). Every form carries a per-process secret, and a POST
//! whose `Origin` names another site is refused.
//!
//! ```no_run
//! let server = xiangqi_web::Server::bind(xiangqi_web::Options {
//!     root: "events".into(),
//!     bind: "127.0.0.1:8080".parse()?,
//!     token: None,
//! })?;
//! println!("{}", server.url());
//! server.run()?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod i18n;
mod live;
mod manage;
mod pages;
pub mod security;
mod viewer;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use i18n::{Lang, Tr};

/// How to serve.
#[derive(Clone, Debug)]
pub struct Options {
    /// An event file, or a folder whose `*.toml` event files are listed.
    pub root: PathBuf,
    /// The address to listen on (port 0: any free port).
    pub bind: SocketAddr,
    /// The access token every write needs, if any.
    pub token: Option<String>,
}

/// Why the desk could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The event file or folder does not exist.
    #[error("{}: no such file or folder", .0.display())]
    NoRoot(PathBuf),
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

/// What the pages are served from.
#[derive(Clone, Debug)]
pub(crate) enum Root {
    /// One event file.
    File(PathBuf),
    /// A folder of event files.
    Folder(PathBuf),
}

/// The shared state of the handlers.
#[derive(Debug)]
pub(crate) struct Desk {
    pub(crate) root: Root,
    /// The per-process form secret (CSRF).
    pub(crate) csrf: String,
    /// The access token, if writes need one.
    pub(crate) token: Option<String>,
    /// The game viewer's last file read.
    pub(crate) games: viewer::GameCache,
}

/// The desk's routes over an event file or folder, as a [`axum::Router`] (for tests with
/// `tower::ServiceExt::oneshot`, or to nest in another app).
pub fn router(root: impl Into<PathBuf>, token: Option<String>) -> Result<axum::Router, ServeError> {
    let root = root.into();
    let root = if root.is_dir() {
        Root::Folder(root)
    } else if root.is_file() {
        Root::File(root)
    } else {
        return Err(ServeError::NoRoot(root));
    };
    let desk = Arc::new(Desk {
        root,
        csrf: security::random_secret(),
        token,
        games: Default::default(),
    });
    Ok(pages::routes(desk))
}

/// A bound, not yet running, desk.
#[derive(Debug)]
pub struct Server {
    runtime: tokio::runtime::Runtime,
    listener: tokio::net::TcpListener,
    app: axum::Router,
    addr: SocketAddr,
    token: Option<String>,
}

impl Server {
    /// Binds the address (the port is taken when this returns) and builds the routes.
    pub fn bind(opts: Options) -> Result<Server, ServeError> {
        let app = router(&opts.root, opts.token.clone())?;
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()?;
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind(opts.bind))
            .map_err(|source| ServeError::Bind {
                addr: opts.bind,
                source,
            })?;
        let addr = listener.local_addr()?;
        Ok(Server {
            runtime,
            listener,
            app,
            addr,
            token: opts.token,
        })
    }

    /// The address bound.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// The address to open in a browser: with a token, its `/login?token=…` address (which
    /// sets the cookie and goes on to the events).
    pub fn url(&self) -> String {
        match &self.token {
            Some(t) => format!("http://{}/login?token={t}", self.addr),
            None => format!("http://{}/", self.addr),
        }
    }

    /// Serves until the process ends.
    pub fn run(self) -> Result<(), ServeError> {
        let Server {
            runtime,
            listener,
            app,
            ..
        } = self;
        runtime.block_on(async move { axum::serve(listener, app).await })?;
        Ok(())
    }
}
