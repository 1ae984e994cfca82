//! Throughput of the notation readers and writers on the CCPD national set (7,000 games,
//! 595,812 plies, traditional Chinese; read from `../shared/data/games/`, CC BY 4.0, Tseng &
//! Chen 2026). Skips with a notice when the data is absent.
//!
//! `cargo bench -p xiangqi-notation` — divan reports time per iteration and moves/s
//! (items = plies).

use std::path::PathBuf;
use std::sync::OnceLock;

use divan::counter::ItemsCount;
use divan::{Bencher, black_box};
use xiangqi_notation::{Mode, NotatedGame, Notation, read_games, write_move};

const PLIES: usize = 595_812;

fn data() -> Option<&'static (Vec<u8>, Vec<NotatedGame>)> {
    static DATA: OnceLock<Option<(Vec<u8>, Vec<NotatedGame>)>> = OnceLock::new();
    DATA.get_or_init(|| {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/data/games/ccpd-national/ccpd_national.pgn");
        let Ok(bytes) = std::fs::read(&path) else {
            eprintln!(
                "NOTICE: {} not found; skipping the notation benches",
                path.display()
            );
            return None;
        };
        let games = read_games(&bytes, "ccpd_national.pgn", Mode::Tolerant).expect("data reads");
        assert_eq!(games.iter().map(|g| g.moves.len()).sum::<usize>(), PLIES);
        Some((bytes, games))
    })
    .as_ref()
}

fn main() {
    divan::main();
}

/// Parse + resolve + replay every move of the 7,000 games (UTF-8 PGN → `Vec<NotatedGame>`).
#[divan::bench(sample_count = 10)]
fn read_ccpd_national(b: Bencher<'_, '_>) {
    let Some((bytes, _)) = data() else { return };
    b.counter(ItemsCount::new(PLIES)).bench(|| {
        let games = read_games(black_box(bytes), "ccpd", Mode::Tolerant).unwrap();
        assert_eq!(games.len(), 7000);
        games
    });
}

fn render_all(games: &[NotatedGame], notation: Notation) -> usize {
    let mut out = String::with_capacity(64);
    let mut total = 0;
    for g in games {
        let mut pos = g.start.clone();
        for &m in &g.moves {
            out.clear();
            write_move(notation, &pos, m, &mut out);
            total += out.len();
            pos.play_unchecked(m);
        }
    }
    total
}

/// Render every move of the 7,000 games in Chinese (with replay).
#[divan::bench(sample_count = 10)]
fn render_chinese_ccpd(b: Bencher<'_, '_>) {
    let Some((_, games)) = data() else { return };
    b.counter(ItemsCount::new(PLIES))
        .bench(|| render_all(black_box(games), Notation::Chinese));
}

/// Render every move of the 7,000 games in WXF (with replay).
#[divan::bench(sample_count = 10)]
fn render_wxf_ccpd(b: Bencher<'_, '_>) {
    let Some((_, games)) = data() else { return };
    b.counter(ItemsCount::new(PLIES))
        .bench(|| render_all(black_box(games), Notation::Wxf));
}

/// Replay alone (the floor under both numbers above).
#[divan::bench(sample_count = 10)]
fn replay_only_ccpd(b: Bencher<'_, '_>) {
    let Some((_, games)) = data() else { return };
    b.counter(ItemsCount::new(PLIES)).bench(|| {
        let mut n = 0;
        for g in black_box(games) {
            let mut pos = g.start.clone();
            for &m in &g.moves {
                pos.play_unchecked(m);
                n += 1;
            }
        }
        n
    });
}
