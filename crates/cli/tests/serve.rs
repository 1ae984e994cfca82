//! `xq serve` as a process: it prints the address it serves, answers on it, needs a token off
//! loopback (and generates one), and refuses a missing folder with exit 2.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

/// A server process, killed when dropped.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts `xq serve ARGS` and returns it with the first line it printed.
fn serve(args: &[&str]) -> (Serving, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .arg("serve")
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    (Serving(child), line)
}

/// A plain HTTP/1.1 GET; the status line and the body.
fn http_get(addr: &str, path: &str) -> (String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text.lines().next().unwrap_or("").to_string();
    let body = text.split_once("\r\n\r\n").map_or("", |x| x.1).to_string();
    (status, body)
}

/// The `host:port` of a printed `http://host:port/…` address.
fn addr_of(line: &str) -> String {
    let at = line.find("http://").expect("an address") + 7;
    line[at..].split('/').next().unwrap().to_string()
}

#[test]
fn serve_prints_its_address_and_answers_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let ev = dir.path().join("open.toml");
    let st = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(["event", "new"])
        .arg(&ev)
        .args(["--name", "公开赛", "--player", "甲", "--player", "乙"])
        .output()
        .unwrap();
    assert!(st.status.success());
    let (_server, line) = serve(&[dir.path().to_str().unwrap(), "--bind", "127.0.0.1:0"]);
    assert!(line.starts_with("xq serve: "), "{line}");
    assert!(!line.contains("token="), "loopback needs no token: {line}");
    let addr = addr_of(&line);
    let (status, body) = http_get(&addr, "/");
    assert!(status.contains("200"), "{status}");
    assert!(
        body.contains("公开赛") && body.contains("open.toml"),
        "{body}"
    );
    let (status, body) = http_get(&addr, "/e/open.toml");
    assert!(status.contains("200"), "{status}");
    assert!(body.contains("甲") && body.contains("编排下一轮"));
}

#[test]
fn serve_off_loopback_generates_a_token() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, line) = serve(&[dir.path().to_str().unwrap(), "--bind", "0.0.0.0:0"]);
    let token = line
        .split("token=")
        .nth(1)
        .expect("a generated token in the address")
        .trim();
    assert_eq!(token.len(), 32, "{line}");
    let (_server2, line2) = serve(&[
        dir.path().to_str().unwrap(),
        "--bind",
        "0.0.0.0:0",
        "--token",
        "x7Gq-2mPz9Lr",
    ]);
    assert!(
        line2.trim_end().ends_with("/login?token=x7Gq-2mPz9Lr"),
        "{line2}"
    );
    // bound to every interface: an address a browser on this machine opens
    assert!(line2.contains("http://127.0.0.1:"), "{line2}");
}

#[test]
fn serve_refuses_a_weak_token_and_a_bad_host_name() {
    let dir = tempfile::tempdir().unwrap();
    for (args, says) in [
        (
            &["--token", "1234"][..],
            "--token: too easy to guess (4 characters",
        ),
        (
            &["--token", "aaaaaaaaaaaaaaaa"][..],
            "--token: too easy to guess (16 characters",
        ),
        (
            &["--allow-host", "evil/x"][..],
            "--allow-host \"evil/x\": not a host name",
        ),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_xq"))
            .arg("serve")
            .arg(dir.path())
            .args(["--bind", "127.0.0.1:0"])
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert_eq!(err.trim_end().lines().count(), 1, "one line: {err}");
    }
}

#[test]
fn serve_answers_only_to_its_own_names() {
    let dir = tempfile::tempdir().unwrap();
    let (_server, line) = serve(&[
        dir.path().to_str().unwrap(),
        "--bind",
        "127.0.0.1:0",
        "--allow-host",
        "desk.local",
    ]);
    let addr = addr_of(&line);
    let port = addr.rsplit(':').next().unwrap();
    for (host, ok) in [
        (addr.clone(), true),
        (format!("localhost:{port}"), true),
        (format!("desk.local:{port}"), true),
        (format!("attacker.example:{port}"), false),
    ] {
        let mut s = TcpStream::connect(&addr).unwrap();
        write!(
            s,
            "GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut text = String::new();
        s.read_to_string(&mut text).unwrap();
        let status = text.lines().next().unwrap_or("");
        assert_eq!(status.contains(" 200 "), ok, "{host}: {status}");
        assert_eq!(status.contains(" 421 "), !ok, "{host}: {status}");
        assert!(text.contains("x-frame-options: DENY"), "{text}");
    }
}

#[test]
fn serve_refuses_a_missing_folder() {
    let out = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(["serve", "/no/such/folder", "--bind", "127.0.0.1:0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("/no/such/folder: no such file or folder"),
        "{err}"
    );
}
