//! Who may write: the access token (for a desk served on the LAN), the per-process form secret
//! (CSRF) and the same-origin check on every POST.

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
}
