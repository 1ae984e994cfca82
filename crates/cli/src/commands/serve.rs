//! `xq serve [EVENT_FILE|FOLDER] [--bind ADDR] [--token T] [--allow-host NAME]… [--parse-memory MIB]` — the arbiter's
//! desk in a browser.
//!
//! Binds loopback by default. Any other address needs an access token for every write: the
//! one given with `--token` (at least 12 characters and 64 bits, see
//! [`xiangqi_web::security::check_token`]), or a random one generated and printed at start.
//! Requests must name this machine in their `Host` header: loopback, the bound address, or a
//! name given with `--allow-host`.

use std::net::SocketAddr;
use std::path::PathBuf;

use crate::CliError;
use crate::io::outln;

/// Arguments of `xq serve`.
#[derive(clap::Args, Debug)]
pub struct ServeArgs {
    /// An event file, or a folder whose `*.toml` event files are listed.
    #[arg(default_value = ".")]
    path: PathBuf,
    /// The address to listen on; anything but loopback needs a token (given or generated).
    #[arg(long, default_value = "127.0.0.1:8080")]
    bind: SocketAddr,
    /// The access token every write needs (`/login?token=T` in the browser): at least 12
    /// characters, letters, digits and signs mixed.
    #[arg(long)]
    token: Option<String>,
    /// A name of this machine (e.g. `desk.local`) that browsers on the LAN may use besides its
    /// addresses; repeatable.
    #[arg(long = "allow-host", value_name = "NAME")]
    allow_hosts: Vec<String>,
    /// The memory, in MiB, that the game viewer's readings in progress may take together
    /// (default 1024): a reading weighs 8 bytes per byte of its game's text and waits for room.
    #[arg(long = "parse-memory", value_name = "MIB", default_value_t = 1024,
          value_parser = clap::value_parser!(u64).range(16..=1 << 20))]
    parse_memory: u64,
}

/// Runs `xq serve` until the process is stopped.
pub fn run(a: ServeArgs) -> Result<(), CliError> {
    let token = match a.token {
        Some(t) if t.trim().is_empty() => {
            return Err(CliError::input("--token: empty"));
        }
        Some(t) => {
            xiangqi_web::security::check_token(&t).map_err(CliError::input)?;
            Some(t)
        }
        None if !a.bind.ip().is_loopback() => Some(xiangqi_web::security::random_secret()),
        None => None,
    };
    let server = xiangqi_web::Server::bind(xiangqi_web::Options {
        root: a.path.clone(),
        bind: a.bind,
        token,
        allow_hosts: a.allow_hosts,
        limits: xiangqi_web::Limits {
            parse_memory: a.parse_memory << 20,
            ..Default::default()
        },
    })
    .map_err(|e| match e {
        xiangqi_web::ServeError::Io(e) => CliError::internal(e),
        e => CliError::input(e),
    })?;
    outln!("xq serve: {} at {}", a.path.display(), server.url())?;
    if !a.bind.ip().is_loopback() {
        // 0.0.0.0 is no address a tablet can open: name this machine's address on the LAN
        if a.bind.ip().is_unspecified()
            && let Some(ip) = lan_address()
        {
            outln!("on the LAN: {}", server.url_at(ip))?;
        }
        outln!("writes need the token: open the address above on each device (Ctrl-C stops)")?;
    }
    server.run().map_err(CliError::internal)
}

/// This machine's address on its network: the source address a UDP socket would use towards a
/// documentation address (TEST-NET-1; connecting a UDP socket sends nothing). `None` offline.
fn lan_address() -> Option<std::net::IpAddr> {
    let sock = std::net::UdpSocket::bind("0.0.0.0:0").ok()?;
    sock.connect("192.0.2.1:9").ok()?;
    let ip = sock.local_addr().ok()?.ip();
    (!ip.is_unspecified() && !ip.is_loopback()).then_some(ip)
}
