//! The desk (`xq serve`) as a process for the CLI's tests: started on a free port, read with
//! plain HTTP, killed when dropped.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A server process, killed when dropped.
pub struct Serving(Child, pub String);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Serving {
    /// The server's process id.
    pub fn pid(&self) -> u32 {
        self.0.id()
    }

    /// Whether the server is still running.
    pub fn alive(&mut self) -> bool {
        matches!(self.0.try_wait(), Ok(None))
    }
}

pub fn serve(dir: &Path) -> Serving {
    serve_with(dir, &[])
}

/// `xq serve DIR --bind 127.0.0.1:0 EXTRA…`.
pub fn serve_with(dir: &Path, extra: &[&str]) -> Serving {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(["serve", dir.to_str().unwrap(), "--bind", "127.0.0.1:0"])
        .args(extra)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let at = line.find("http://").expect("an address") + 7;
    let addr = line[at..].split('/').next().unwrap().trim().to_string();
    Serving(child, addr)
}

pub fn get(addr: &str, path: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    assert!(text.starts_with("HTTP/1.1 200"), "{path}: {text}");
    text.split_once("\r\n\r\n").map_or("", |x| x.1).to_string()
}
