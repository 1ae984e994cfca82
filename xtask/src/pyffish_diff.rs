//! `cargo xtask pyffish-diff [--cases N] [--seed S] [--python PATH] [--show K]`: differential
//! check of our `axf` repetition rulings against pyffish (Fairy-Stockfish, AXF chasing rules).
//!
//! Generates N random repetition cycles: a random legal playout from the start position
//! (4–60 plies), then a shuffle that repeats — each side plays a quiet move and takes it back,
//! twice over, so the position at the start of the shuffle occurs for the third time at its
//! last ply. Shuffle moves are picked with a bias toward forcing moves (checks, and moves whose
//! piece then attacks an enemy piece) and toward replies that move an attacked piece away (and back), so that checks and chases
//! are common. Both engines rule
//! the position at the last ply; the report gives the agreement rate and every class of
//! disagreement with examples. pyffish is an oracle here, never a dependency: set it up with
//! `python3 -m venv /work/.venv-oracles && /work/.venv-oracles/bin/pip install pyffish==0.0.90`.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::process::{Command, Stdio};

use xiangqi::adjudication::GameRecord;
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{Arbiter, Ruleset};

const PY: &str = r#"
import sys, pyffish as sf
V = "xiangqi"
def tofs(m): return f"{m[0]}{int(m[1])+1}{m[2]}{int(m[3])+1}"
for line in sys.stdin:
    fen, moves = line.rstrip("\n").split("\t")
    fm = [tofs(m) for m in moves.split()]
    end, v = sf.is_optional_game_end(V, fen, fm)
    if not end:
        print("none"); continue
    stm = fen.split()[1]
    if len(fm) % 2 == 1: stm = "b" if stm == "w" else "w"
    if v == 0: print("draw"); continue
    loser_is_stm = v < 0
    side = ("red" if stm == "w" else "black") if loser_is_stm else ("black" if stm == "w" else "red")
    print(side + "-must-vary")
    sys.stdout.flush()
"#;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// A quiet move for the side to move, biased toward forcing moves, whose reverse is a legal
/// move once the opponent has replied.
fn pick(pos: &Position, rng: &mut Rng, threatened: xiangqi::board::Bitboard) -> Option<Move> {
    let quiet: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|&m| pos.capture_of(m).is_none())
        .collect();
    if quiet.is_empty() {
        return None;
    }
    let forcing: Vec<Move> = quiet
        .iter()
        .copied()
        .filter(|&m| {
            let mut p = pos.clone();
            p.play_unchecked(m);
            p.is_check() || (p.attacks_from(m.to) & p.board().by_color(p.turn())).any()
        })
        .collect();
    let escapes: Vec<Move> = quiet
        .iter()
        .copied()
        .filter(|m| threatened.contains(m.from))
        .collect();
    if !escapes.is_empty() && rng.below(10) < 6 {
        return Some(escapes[rng.below(escapes.len())]);
    }
    if !forcing.is_empty() && rng.below(10) < 8 {
        Some(forcing[rng.below(forcing.len())])
    } else {
        Some(quiet[rng.below(quiet.len())])
    }
}

fn case(rng: &mut Rng) -> Option<(String, Vec<Move>)> {
    let mut pos = Position::start();
    let n = 4 + rng.below(57);
    for _ in 0..n {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return None;
        }
        pos.play_unchecked(moves[rng.below(moves.len())]);
    }
    if pos.legal_moves().is_empty() {
        return None;
    }
    for _ in 0..20 {
        let mut p = pos.clone();
        let m1 = pick(&p, rng, xiangqi::board::Bitboard::EMPTY)?;
        p.play_unchecked(m1);
        let threatened = p.attacks_from(m1.to) & p.board().by_color(p.turn());
        let Some(m2) = pick(&p, rng, threatened) else {
            continue;
        };
        p.play_unchecked(m2);
        let r1 = Move::new(m1.to, m1.from);
        if !p.is_legal(r1) {
            continue;
        }
        p.play_unchecked(r1);
        let r2 = Move::new(m2.to, m2.from);
        if !p.is_legal(r2) {
            continue;
        }
        let cycle = vec![m1, m2, r1, r2, m1, m2, r1, r2];
        if GameRecord::new(pos.clone(), cycle.clone()).is_ok() {
            return Some((pos.fen(), cycle));
        }
    }
    None
}

/// Runs the differential check.
pub fn run(args: &[String]) -> Result<(), String> {
    let n: usize = arg(args, "--cases", 10_000);
    let seed: u64 = arg(args, "--seed", 0x9E37_79B9_7F4A_7C15);
    let show: usize = arg(args, "--show", 3);
    let python: String = arg(
        args,
        "--python",
        "/work/.venv-oracles/bin/python".to_string(),
    );
    let arbiter = Arbiter::new(Ruleset::load("axf").map_err(|e| e.to_string())?)
        .map_err(|e| e.to_string())?;
    let mut rng = Rng(seed | 1);
    let mut cases = Vec::with_capacity(n);
    while cases.len() < n {
        if let Some(c) = case(&mut rng) {
            cases.push(c);
        }
    }
    let input: String = cases
        .iter()
        .map(|(fen, moves)| {
            let m: Vec<String> = moves.iter().map(|m| m.iccs()).collect();
            format!("{fen}\t{}\n", m.join(" "))
        })
        .collect();
    let mut child = Command::new(&python)
        .args(["-c", PY])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{python}: {e} (set up the oracle venv, see the module docs)"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    writer
        .join()
        .map_err(|_| "writer thread")?
        .map_err(|e| e.to_string())?;
    let theirs: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    if theirs.len() != cases.len() {
        return Err(format!(
            "pyffish answered {} of {} cases",
            theirs.len(),
            cases.len()
        ));
    }
    let mut agree = 0usize;
    let mut by_verdict: BTreeMap<String, usize> = BTreeMap::new();
    let mut classes: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for ((fen, moves), their) in cases.iter().zip(&theirs) {
        let record = GameRecord::new(
            Position::from_fen(fen).map_err(|e| e.to_string())?,
            moves.clone(),
        )
        .map_err(|e| e.to_string())?;
        let ours = arbiter.rule_last_ply(&record);
        let our = ours
            .as_ref()
            .map_or("none".to_string(), |(r, _)| r.verdict.as_str().to_string());
        *by_verdict.entry(our.clone()).or_default() += 1;
        if &our == their {
            agree += 1;
            continue;
        }
        let detail = match &ours {
            Some((r, classes)) => {
                let labels: Vec<String> = classes
                    .iter()
                    .map(|c| {
                        let t: Vec<String> =
                            c.targets.iter().map(|t| t.square.to_string()).collect();
                        if t.is_empty() {
                            c.label.clone()
                        } else {
                            format!("{}[{}]", c.label, t.join(","))
                        }
                    })
                    .collect();
                format!(
                    "red={} black={} ({}) | {}",
                    r.red,
                    r.black,
                    r.reason,
                    labels.join(" ")
                )
            }
            None => String::new(),
        };
        let m: Vec<String> = moves.iter().map(|m| m.iccs()).collect();
        classes
            .entry(format!("ours {our} / pyffish {their}"))
            .or_default()
            .push(format!(
                "  fen \"{fen}\" moves \"{}\"\n    {detail}",
                m.join(" ")
            ));
    }
    println!(
        "pyffish-diff: {} random cycles, seed {seed:#x}",
        cases.len()
    );
    println!("our verdicts: {by_verdict:?}");
    println!(
        "agreement: {agree}/{} = {:.2}%",
        cases.len(),
        100.0 * agree as f64 / cases.len() as f64
    );
    for (class, examples) in &classes {
        println!("{class}: {} cases", examples.len());
        for e in examples.iter().take(show) {
            println!("{e}");
        }
    }
    Ok(())
}
