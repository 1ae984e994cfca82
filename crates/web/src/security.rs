//! Who may write: the access token (for a desk served on the LAN), the per-process form secret
//! (CSRF) and the same-origin check on every POST; and the front door every request passes
//! first: the `Host` allow-list (against DNS rebinding), the rate limit on token guesses and the
//! strength a chosen token must have.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::path::Path;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use axum::http::header::{COOKIE, HOST, ORIGIN};
use rand::RngCore;

/// The cookie holding the access token after `/login?token=…`.
pub const TOKEN_COOKIE: &str = "xq_token";

/// A random secret of 128 bits as 32 hex digits, from the operating system's generator.
pub fn random_secret() -> String {
    let mut bytes = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut bytes);
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Compares two secrets in time independent of where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The value of cookie `name` in the request, if any.
pub fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v)
}

/// Removes cookie `name` from the request's `Cookie` headers (the others stay).
pub fn remove_cookie(headers: &mut HeaderMap, name: &str) {
    let kept: Vec<String> = headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .map(str::trim)
        .filter(|kv| !kv.is_empty() && kv.split_once('=').is_none_or(|(k, _)| k != name))
        .map(str::to_string)
        .collect();
    headers.remove(COOKIE);
    if !kept.is_empty()
        && let Ok(v) = axum::http::HeaderValue::from_str(&kept.join("; "))
    {
        headers.insert(COOKIE, v);
    }
}

/// Why a POST was refused before it was read.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum Forbidden {
    /// The request came from another site's page.
    #[error("cross-origin request refused (Origin {0:?} is not this desk)")]
    CrossOrigin(String),
    /// The form's secret is missing or stale (the page was served by another run of the server).
    #[error("the form is stale or forged: reload the page and try again")]
    Csrf,
    /// A token is set and the request does not carry it.
    #[error(
        "writing needs the access token: open the /login?token=… address printed when the server started"
    )]
    Token,
}

/// The same-origin check: an `Origin` header, when sent (browsers send it on every POST), must
/// name this host; `Sec-Fetch-Site: cross-site` is refused too.
pub fn check_origin(headers: &HeaderMap) -> Result<(), Forbidden> {
    if headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v == "cross-site")
    {
        return Err(Forbidden::CrossOrigin("sec-fetch-site: cross-site".into()));
    }
    let Some(origin) = headers.get(ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().unwrap_or("");
    let host = headers
        .get(HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .unwrap_or("");
    if host.is_empty() || !origin_host.eq_ignore_ascii_case(host) {
        return Err(Forbidden::CrossOrigin(origin.to_string()));
    }
    Ok(())
}

/// Whether a request was sent by another site's page, and what says so: `Sec-Fetch-Site`
/// `cross-site` or `same-site` (what browsers send for an `<img>`, a script's `fetch` or a link
/// followed from another site's page), or, from a browser that sends no `Sec-Fetch-Site`, an
/// `Origin` or `Referer` naming another host than the request's `Host`. `None` for an address
/// typed, scanned or opened from the terminal (`Sec-Fetch-Site: none`), for this desk's own
/// pages (`same-origin`) and for clients that send none of these headers.
pub fn sent_by_another_site(headers: &HeaderMap) -> Option<String> {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    if let Some(site) = header("sec-fetch-site") {
        return matches!(site, "cross-site" | "same-site")
            .then(|| format!("sec-fetch-site: {site}"));
    }
    let host = header(HOST.as_str()).unwrap_or("");
    for name in [ORIGIN.as_str(), "referer"] {
        let Some(value) = header(name) else { continue };
        let rest = value
            .strip_prefix("http://")
            .or_else(|| value.strip_prefix("https://"));
        let named = rest.map(|r| r.split(['/', '?', '#']).next().unwrap_or(""));
        if value != "null" && named.is_none_or(|h| !h.eq_ignore_ascii_case(host)) {
            return Some(format!("{name}: {}", crate::app::one_line(value, 80)));
        }
    }
    None
}

/// The answer to a login that another site's page sent (see [`sent_by_another_site`]): 403,
/// the token neither looked at nor counted against the address, in both languages (the login
/// address has no page language).
pub fn login_from_another_site(from: &str) -> axum::response::Response {
    use axum::response::IntoResponse as _;
    (
        axum::http::StatusCode::FORBIDDEN,
        format!(
            "403 登录地址须直接打开（在地址栏输入、扫码或从终端点开），不能由其他网页发起；此次未核对令牌，也不计入错误次数 (the login address must be opened directly — typed, scanned or clicked in the terminal — not sent by another page: the token was not looked at and nothing was counted; {from})\n"
        ),
    )
        .into_response()
}

/// The names this desk answers to: the `Host` header of every request must be one of them, so
/// that a web page whose name an attacker points at 127.0.0.1 (DNS rebinding) reads and writes
/// nothing. Checked before anything else.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HostAllowList {
    /// The port every name must carry; `None`: any port (the routes alone, not yet bound).
    port: Option<u16>,
    /// Host names and address literals, lowercase, without the port (`[::1]` with brackets).
    names: Vec<String>,
    /// Any address literal is allowed (bound to `0.0.0.0` or `[::]`: the machine's addresses
    /// on the LAN). A literal address cannot be rebound, so it is no way in for a web page.
    any_address: bool,
}

/// A `--allow-host` name that is not a host name.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "--allow-host {0:?}: not a host name (letters, digits, '-' and '.', e.g. desk.local or 192.168.1.20)"
)]
pub struct BadHostName(pub String);

impl HostAllowList {
    /// The loopback names (`localhost`, `127.0.0.1`, `[::1]`) on any port: the routes before
    /// they are bound ([`crate::router`]).
    pub fn loopback() -> HostAllowList {
        HostAllowList {
            port: None,
            names: ["localhost", "127.0.0.1", "[::1]"]
                .map(String::from)
                .to_vec(),
            any_address: false,
        }
    }

    /// The names of a desk bound to `addr`: the loopback names and the bound address with its
    /// port, any address literal when bound to every interface, and `extra` names (`--allow-host`,
    /// given with or without the port) for a name on the LAN.
    pub fn for_bind(addr: SocketAddr, extra: &[String]) -> Result<HostAllowList, BadHostName> {
        let mut list = HostAllowList::loopback();
        list.port = Some(addr.port());
        list.any_address = addr.ip().is_unspecified();
        list.names.push(host_literal(addr.ip()));
        for name in extra {
            let (host, port) = split_host(name.trim());
            let valid = !host.is_empty()
                && match port {
                    Some(None) => true,
                    Some(Some(p)) => p == addr.port(),
                    None => false,
                }
                && (is_address_literal(host)
                    || host.split('.').all(|l| {
                        !l.is_empty()
                            && l.len() <= 63
                            && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    }));
            if !valid || host.len() > 253 {
                return Err(BadHostName(name.clone()));
            }
            list.names.push(host.to_ascii_lowercase());
        }
        list.names.dedup();
        Ok(list)
    }

    /// Whether a request's `Host` header value names this desk.
    pub fn allows(&self, host_header: &str) -> bool {
        let (host, port) = split_host(host_header);
        let Some(port) = port else {
            return false; // a port that is not a number
        };
        let port = port.unwrap_or(80);
        if self.port.is_some_and(|p| p != port) {
            return false;
        }
        let host = host.to_ascii_lowercase();
        self.names.contains(&host) || (self.any_address && is_address_literal(&host))
    }
}

/// An address as it is written in a `Host` header: IPv6 in brackets.
fn host_literal(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    }
}

/// `true` for `192.168.1.20` or `[fe80::1]` (an address, not a name).
fn is_address_literal(host: &str) -> bool {
    match host.strip_prefix('[').and_then(|h| h.strip_suffix(']')) {
        Some(v6) => v6.parse::<Ipv6Addr>().is_ok(),
        None => host.parse::<Ipv4Addr>().is_ok(),
    }
}

/// Splits `host[:port]` (`[v6]:port` for IPv6): the host and `Some(port)` (`Some(None)`: no
/// port given), or `None` for a port that is not a number.
fn split_host(s: &str) -> (&str, Option<Option<u16>>) {
    let (host, port) = if s.starts_with('[') {
        match s.find(']') {
            Some(end) => (&s[..=end], &s[end + 1..]),
            None => (s, ""),
        }
    } else {
        match s.rsplit_once(':') {
            Some((h, _)) => (h, &s[h.len()..]),
            None => (s, ""),
        }
    };
    match port {
        "" => (host, Some(None)),
        p => (
            host,
            p.strip_prefix(':')
                .and_then(|p| p.parse::<u16>().ok())
                .map(Some),
        ),
    }
}

/// The shortest token `--token` takes.
pub const TOKEN_MIN_CHARS: usize = 12;
/// The least estimated strength of a chosen token, in bits.
pub const TOKEN_MIN_BITS: f64 = 64.0;

/// A chosen access token that is too easy to guess.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error(
    "--token: too easy to guess ({chars} characters, about {bits:.0} bits): take at least {TOKEN_MIN_CHARS} characters and {TOKEN_MIN_BITS} bits (letters, digits and signs mixed, few repeats), or leave --token out for a random one"
)]
pub struct WeakToken {
    /// Its length in characters.
    pub chars: usize,
    /// Its estimated strength in bits.
    pub bits: f64,
}

/// The estimated strength of a token in bits: its length (counting each distinct character at
/// most twice, so `aaaa…` and `abab…` are weak) times the bits of the alphabet its kinds of
/// characters span (digits 10, lower case 26, upper case 26, ASCII signs 33, anything else 100).
/// An estimate against guessing online, where the rate limit leaves a dozen guesses an hour:
/// no dictionary is needed for that.
pub fn token_bits(token: &str) -> f64 {
    let mut pool = 0u32;
    type Kind = (fn(&char) -> bool, u32);
    let kinds: [Kind; 5] = [
        (char::is_ascii_digit, 10),
        (char::is_ascii_lowercase, 26),
        (char::is_ascii_uppercase, 26),
        (|c: &char| c.is_ascii() && !c.is_ascii_alphanumeric(), 33),
        (|c: &char| !c.is_ascii(), 100),
    ];
    for (is, size) in kinds {
        if token.chars().any(|c| is(&c)) {
            pool += size;
        }
    }
    let mut seen = std::collections::BTreeSet::new();
    let distinct = token.chars().filter(|c| seen.insert(*c)).count();
    let len = token.chars().count().min(2 * distinct);
    len as f64 * f64::from(pool.max(1)).log2()
}

/// Refuses a chosen token shorter than [`TOKEN_MIN_CHARS`] or weaker than [`TOKEN_MIN_BITS`]
/// (see [`token_bits`]).
pub fn check_token(token: &str) -> Result<(), WeakToken> {
    let chars = token.chars().count();
    let bits = token_bits(token);
    if chars < TOKEN_MIN_CHARS || bits < TOKEN_MIN_BITS {
        return Err(WeakToken { chars, bits });
    }
    Ok(())
}

/// How many wrong tokens an address may send before it must wait.
const FREE_GUESSES: u32 = 5;
/// The longest wait after wrong tokens.
const MAX_WAIT: Duration = Duration::from_secs(300);
/// After this long without a wrong token an address starts afresh.
const FORGET_AFTER: Duration = Duration::from_secs(3600);
/// The most addresses remembered (the oldest is forgotten first).
const MAX_ADDRESSES: usize = 4096;

/// The rate limit on token guesses, per client address: 5 wrong tokens, then a
/// wait that doubles with every further one (1 s, 2 s, 4 s … at most 5 minutes); a right token
/// clears the address. Bounded: at most 4,096 addresses are remembered (the oldest forgotten first).
///
/// A small table rather than a general rate limiter (`governor` and the like): those count
/// every request, while this counts only wrong tokens and must tell, before a request is read,
/// whether its address is waiting.
#[derive(Debug, Default)]
pub struct GuessLimit(Mutex<HashMap<IpAddr, Guesses>>);

#[derive(Debug, Clone, Copy)]
struct Guesses {
    wrong: u32,
    last: Instant,
}

impl Guesses {
    fn wait(&self) -> Duration {
        match self.wrong.checked_sub(FREE_GUESSES) {
            None => Duration::ZERO,
            Some(n) => Duration::from_secs(1u64 << n.min(16)).min(MAX_WAIT),
        }
    }
}

impl GuessLimit {
    /// How long `ip` must still wait before its next token is looked at (`None`: not waiting).
    pub fn waiting(&self, ip: IpAddr, now: Instant) -> Option<Duration> {
        let table = self.0.lock().ok()?;
        let g = table.get(&ip)?;
        let until = g.last + g.wait();
        (until > now).then(|| until - now)
    }

    /// Records a wrong token from `ip`.
    pub fn wrong(&self, ip: IpAddr, now: Instant) {
        let Ok(mut table) = self.0.lock() else {
            return;
        };
        if table.len() >= MAX_ADDRESSES && !table.contains_key(&ip) {
            table.retain(|_, g| now.duration_since(g.last) < FORGET_AFTER);
            if table.len() >= MAX_ADDRESSES
                && let Some(oldest) = table.iter().min_by_key(|(_, g)| g.last).map(|(ip, _)| *ip)
            {
                table.remove(&oldest);
            }
        }
        let g = table.entry(ip).or_insert(Guesses {
            wrong: 0,
            last: now,
        });
        if now.duration_since(g.last) >= FORGET_AFTER {
            g.wrong = 0;
        }
        g.wrong = g.wrong.saturating_add(1);
        g.last = now;
    }

    /// Records the right token from `ip`: it starts afresh.
    pub fn right(&self, ip: IpAddr) {
        if let Ok(mut table) = self.0.lock() {
            table.remove(&ip);
        }
    }

    /// How many addresses are remembered.
    pub fn len(&self) -> usize {
        self.0.lock().map_or(0, |t| t.len())
    }

    /// Whether no address is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The ruleset a game log names, as the desk (viewer, live console) may load it: an embedded id as it is, or a TOML
/// file inside the served folder `root` (a path relative to the log's folder `dir`), as its real
/// path. Anything else is refused without being opened, so that no file outside the folder is
/// read (nor its first word shown in a parse error).
pub(crate) fn ruleset_in_folder(named: &str, dir: &Path, root: &Path) -> Result<String, String> {
    if xiangqi::rules::Ruleset::builtin(named).is_some() {
        return Ok(named.to_string());
    }
    let refused = || {
        format!(
            "ruleset {}: neither an embedded ruleset ({}) nor a ruleset file (.toml) in this folder",
            crate::app::one_line(&format!("{named:?}"), 80),
            xiangqi::rules::Ruleset::builtin_ids().join(", ")
        )
    };
    let candidate = dir.join(named);
    let small = |p: &Path| std::fs::metadata(p).is_ok_and(|m| m.len() <= 1 << 20);
    match (root.canonicalize(), candidate.canonicalize()) {
        (Ok(root), Ok(real))
            if real.starts_with(&root)
                && real.extension().is_some_and(|x| x == "toml")
                && real.is_file()
                && small(&real) =>
        {
            Ok(real.to_string_lossy().into_owned())
        }
        _ => Err(refused()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.append(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn origin_must_name_this_host() {
        assert!(check_origin(&headers(&[("host", "127.0.0.1:8080")])).is_ok());
        assert!(
            check_origin(&headers(&[
                ("host", "127.0.0.1:8080"),
                ("origin", "http://127.0.0.1:8080")
            ]))
            .is_ok()
        );
        for bad in ["http://evil.example", "null", "http://127.0.0.1:8081"] {
            let h = {
                let mut h = headers(&[("host", "127.0.0.1:8080")]);
                h.insert(ORIGIN, HeaderValue::from_static(bad));
                h
            };
            assert!(check_origin(&h).is_err(), "{bad}");
        }
        assert!(
            check_origin(&headers(&[
                ("host", "127.0.0.1:8080"),
                ("sec-fetch-site", "cross-site")
            ]))
            .is_err()
        );
    }

    #[test]
    fn secrets_and_cookies() {
        let s = random_secret();
        assert_eq!(s.len(), 32);
        assert_ne!(s, random_secret());
        assert!(same_secret(&s, &s.clone()));
        assert!(!same_secret(&s, "x"));
        let h = headers(&[("cookie", "a=1; xq_token=abc; b=2")]);
        assert_eq!(cookie(&h, TOKEN_COOKIE), Some("abc"));
        assert_eq!(cookie(&h, "c"), None);
    }

    #[test]
    fn the_host_must_name_this_desk() {
        let any = HostAllowList::loopback();
        for ok in [
            "127.0.0.1:8080",
            "localhost:1",
            "LOCALHOST:8080",
            "[::1]:9",
            "localhost",
        ] {
            assert!(any.allows(ok), "{ok}");
        }
        for bad in [
            "attacker.example:8080",
            "127.0.0.1.attacker.example:8080",
            "localhost.:8080",
            "127.0.0.1:x",
            "127.0.0.1:",
            "",
            "[::1",
            "::1",
        ] {
            assert!(!any.allows(bad), "{bad}");
        }
        let bound = HostAllowList::for_bind("127.0.0.1:8080".parse().unwrap(), &[]).unwrap();
        assert!(bound.allows("127.0.0.1:8080") && bound.allows("localhost:8080"));
        assert!(!bound.allows("127.0.0.1:8081") && !bound.allows("192.168.1.20:8080"));
        let lan = HostAllowList::for_bind(
            "192.168.1.20:80".parse().unwrap(),
            &["Desk.Local".into(), "pi:80".into()],
        )
        .unwrap();
        assert!(lan.allows("192.168.1.20") && lan.allows("desk.local:80") && lan.allows("pi"));
        assert!(!lan.allows("10.0.0.1") && !lan.allows("evil.local"));
        // bound to every interface: any address literal, never a name
        let all = HostAllowList::for_bind("[::]:8080".parse().unwrap(), &[]).unwrap();
        assert!(
            all.allows("[::]:8080") && all.allows("10.1.2.3:8080") && all.allows("[fe80::1]:8080")
        );
        assert!(!all.allows("attacker.example:8080") && !all.allows("10.1.2.3:80"));
        for bad in ["", "a b", "x/y", "desk.local:81", "desk:port", "-.."] {
            assert!(
                HostAllowList::for_bind("0.0.0.0:80".parse().unwrap(), &[bad.into()]).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_chosen_token_is_long_and_varied_enough() {
        for weak in [
            "1234",
            "",
            "123456789012",
            "aaaaaaaaaaaaaaaaaaaaaaaa",
            "abababababababab",
            "secretsecret",
        ] {
            let e = check_token(weak).unwrap_err();
            assert!(
                e.to_string().starts_with("--token: too easy to guess"),
                "{e}"
            );
            assert!(!e.to_string().contains('\n'));
        }
        for strong in [
            "x7Gq-2mPz9Lr",
            "correct-horse-battery-staple",
            &random_secret(),
        ] {
            assert!(
                check_token(strong).is_ok(),
                "{strong}: {}",
                token_bits(strong)
            );
        }
    }

    #[test]
    fn wrong_tokens_make_the_address_wait_longer_and_longer() {
        let limit = GuessLimit::default();
        let ip: IpAddr = "192.168.1.9".parse().unwrap();
        let other: IpAddr = "192.168.1.10".parse().unwrap();
        let t0 = Instant::now();
        for _ in 0..FREE_GUESSES {
            assert_eq!(limit.waiting(ip, t0), None);
            limit.wrong(ip, t0);
        }
        assert_eq!(limit.waiting(ip, t0), Some(Duration::from_secs(1)));
        assert_eq!(limit.waiting(other, t0), None);
        let t1 = t0 + Duration::from_secs(1);
        assert_eq!(limit.waiting(ip, t1), None);
        limit.wrong(ip, t1);
        assert_eq!(limit.waiting(ip, t1), Some(Duration::from_secs(2)));
        for _ in 0..40 {
            limit.wrong(ip, t1);
        }
        assert_eq!(limit.waiting(ip, t1), Some(MAX_WAIT));
        limit.right(ip);
        assert_eq!(limit.waiting(ip, t1), None);
        // bounded: the oldest address goes first
        for i in 0..(MAX_ADDRESSES as u32 + 10) {
            limit.wrong(
                IpAddr::V4(Ipv4Addr::from(i)),
                t0 + Duration::from_millis(u64::from(i)),
            );
        }
        assert_eq!(limit.len(), MAX_ADDRESSES);
    }
}
