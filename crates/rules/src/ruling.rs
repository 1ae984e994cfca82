//! The `Ruling`: what the arbiter says about a game, with its reasons.

use serde::{Serialize, Serializer};
use xiangqi_board::Color;

use crate::class::{ClassKind, IdleKind, PlyClass, Verdict};

/// The state of the game after the ruling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// No result yet.
    Ongoing,
    /// This side wins.
    Win(Color),
    /// Drawn.
    Draw,
}

impl Outcome {
    /// The JSON word: `ongoing`, `red-wins`, `black-wins`, `draw`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Ongoing => "ongoing",
            Outcome::Win(Color::Red) => "red-wins",
            Outcome::Win(Color::Black) => "black-wins",
            Outcome::Draw => "draw",
        }
    }
}

impl Serialize for Outcome {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

fn ser_verdict<S: Serializer>(v: &Verdict, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(v.as_str())
}

fn ser_color<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(c.name())
}

/// A ruling on one repetition cycle.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct RepetitionRuling {
    /// `draw`, `red-must-vary` or `black-must-vary`.
    #[serde(serialize_with = "ser_verdict")]
    pub verdict: Verdict,
    /// Red's side of the cycle in the rulebook's words (长将, 一将一捉, 闲 …).
    pub red: String,
    /// Black's side.
    pub black: String,
    /// First ply of the cycle.
    pub first_ply: usize,
    /// Last ply of the cycle: the ply that completed the repetition (the moment of ruling).
    pub last_ply: usize,
    /// The rule applied (machine word).
    pub reason: String,
    /// The rule applied, in words.
    pub explanation: String,
}

/// One ply of the game and its class (when it was classified).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct PlyRuling {
    /// Ply number, from 1.
    pub ply: usize,
    /// The move in ICCS.
    #[serde(rename = "move")]
    pub mv: String,
    /// `red` or `black`.
    #[serde(serialize_with = "ser_color")]
    pub side: Color,
    /// `check`, `mate-threat`, `chase`, `idle`, or null when the ply was not classified.
    pub class: Option<ClassKind>,
    /// For idle plies: `exchange`, `offer`, `block`, `follow` (absent for a plain idle move).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub idle_kind: Option<&'static str>,
    /// The rulebook's word for the ply (将, 杀, 捉, 闲, 兑 …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The chased pieces' squares after the ply (`b7`), for chases.
    pub targets: Vec<String>,
    /// An explanation, when the edition gives one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// For a chase, when asked for ([`Arbiter::explain`](crate::Arbiter::explain)): the capture
    /// line behind each chased piece; for a mate threat (杀), the mate line, its target the
    /// threatened king (absent otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<LineRuling>,
}

/// The capture line behind one chased piece, or the mate line behind a mate threat
/// ([`CaptureLine`](crate::CaptureLine)), as the ruling shows it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct LineRuling {
    /// The chased piece's square after the ply (`c5`); for a mate line, the threatened king's.
    pub target: String,
    /// The moves in ICCS from the position after the ply, the opponent passing.
    pub moves: Vec<String>,
    /// The same moves in Chinese notation, when a front end renders them (absent otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chinese: Vec<String>,
    /// The least search bounds the line needs, by ruleset key (`gain_max_checks`, …).
    pub bounds: std::collections::BTreeMap<&'static str, u32>,
    /// How the line was found, when not by the plain search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
    /// The proof a person can check ([`Proof`](crate::Proof)): the answers to the first move with
    /// their refutations, the material won, and the bounds the ruling rests on with what one
    /// bound lower rules. Absent for an edition whose line rests on no search.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub proof: Option<ProofRuling>,
}

/// The proof behind a line, as the ruling shows it (the JSON key `proof`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ProofRuling {
    /// The material of the whole line.
    pub material: MaterialRuling,
    /// Each answer to the line's first move, with its refutation.
    pub defences: Vec<DefenceRuling>,
    /// The search bounds the ruling rests on (the line needs the very value the ruleset sets).
    pub bounds: Vec<BoundRuling>,
}

/// The material a line wins (得子).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct MaterialRuling {
    /// The pieces the mover takes (车, 马, 士 …), in order.
    pub taken: Vec<&'static str>,
    /// The pieces the chased side takes back.
    pub given: Vec<&'static str>,
    /// The value taken less the value given (the edition's table).
    pub net: i32,
    /// In words: `得车（净得 10）`, `得车失马（净得 5）`, `不得子`, `将死`.
    pub words: String,
    /// Whether the line ends with the chased side mated.
    pub mate: bool,
}

impl MaterialRuling {
    fn new(m: &crate::Material) -> MaterialRuling {
        MaterialRuling {
            taken: m.taken.iter().map(|p| crate::piece_word(*p)).collect(),
            given: m.given.iter().map(|p| crate::piece_word(*p)).collect(),
            net: m.net,
            words: m.words(),
            mate: m.mate,
        }
    }
}

/// One answer to a line's first move and the refutation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct DefenceRuling {
    /// The answer in ICCS; null for "any move that takes nothing" (不吃).
    pub reply: Option<String>,
    /// The refutation in ICCS, from the position after the answer.
    pub refutation: Vec<String>,
    /// The answer and the refutation in Chinese notation, when a front end renders them (the
    /// answer first; absent otherwise).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub chinese: Vec<String>,
    /// The material of the first move, the answer and the refutation.
    pub material: MaterialRuling,
}

/// A search bound a ruling rests on, and what the ruleset rules one lower.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct BoundRuling {
    /// The ruleset key (`gain_max_checks`, `gain_max_plies`, `mate_threat_plies`).
    pub key: &'static str,
    /// The value the ruleset sets.
    pub value: u32,
    /// In words: `以三步将军为限`.
    pub words: String,
    /// The ruling with the bound one lower, when judged ([`crate::Arbiter::explain`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lower: Option<LowerRuling>,
}

/// What the ruleset rules with one bound lowered by one: the ply's class and the game's verdict.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct LowerRuling {
    /// The lowered value.
    pub value: u32,
    /// The ply's label then (捉, 闲 …), or null when the ply is not classified.
    pub label: Option<String>,
    /// The verdict of the repetition then (`draw`, `red-must-vary` …), or null without one.
    pub verdict: Option<&'static str>,
    /// The outcome then (`ongoing`, `draw` …).
    pub outcome: &'static str,
    /// Its reason then (`red-must-vary`, `repetition` …).
    pub reason: String,
}

/// A bound in the rulebook's words: `以三步将军为限`.
pub fn bound_words(key: &str, value: u32) -> String {
    let n = chinese_number(value);
    match key {
        "gain_max_checks" => format!("以{n}步将军为限"),
        "gain_max_plies" => format!("以{n}步（单方着法计）吃子线为限"),
        "mate_threat_plies" => format!("以{n}步连将杀为限"),
        _ => format!("以 {key} = {value} 为限"),
    }
}

/// 0–99 in Chinese numerals (零 一 … 十 十一 … 九十九); larger numbers in digits.
fn chinese_number(n: u32) -> String {
    const D: [&str; 10] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    match n {
        0..=9 => D[n as usize].to_string(),
        10..=19 => format!("十{}", if n == 10 { "" } else { D[(n - 10) as usize] }),
        20..=99 => format!(
            "{}十{}",
            D[(n / 10) as usize],
            if n.is_multiple_of(10) {
                ""
            } else {
                D[(n % 10) as usize]
            }
        ),
        _ => n.to_string(),
    }
}

impl LineRuling {
    /// The ruling's form of a capture line.
    pub fn new(line: &crate::CaptureLine) -> LineRuling {
        LineRuling {
            target: line.target.to_string(),
            moves: line.moves.iter().map(|m| m.iccs()).collect(),
            chinese: Vec::new(),
            bounds: line.bounds.iter().copied().collect(),
            note: line.note.clone(),
            proof: line.proof.as_ref().map(|p| ProofRuling {
                material: MaterialRuling::new(&p.material),
                defences: p
                    .defences
                    .iter()
                    .map(|d| DefenceRuling {
                        reply: d.reply.map(|m| m.iccs()),
                        refutation: d.refutation.iter().map(|m| m.iccs()).collect(),
                        chinese: Vec::new(),
                        material: MaterialRuling::new(&d.material),
                    })
                    .collect(),
                bounds: p
                    .binding
                    .iter()
                    .map(|&(key, value)| BoundRuling {
                        key,
                        value,
                        words: bound_words(key, value),
                        lower: None,
                    })
                    .collect(),
            }),
        }
    }
}

impl PlyRuling {
    /// The ruling entry of a ply with its class, if classified.
    pub fn new(ply: usize, mv: String, side: Color, class: Option<&PlyClass>) -> PlyRuling {
        match class {
            None => PlyRuling {
                ply,
                mv,
                side,
                class: None,
                idle_kind: None,
                label: None,
                targets: Vec::new(),
                note: None,
                lines: Vec::new(),
            },
            Some(c) => PlyRuling {
                ply,
                mv,
                side,
                class: Some(c.kind),
                idle_kind: if c.kind == ClassKind::Idle {
                    c.idle_kind.as_str()
                } else {
                    None
                },
                label: Some(c.label.clone()),
                // An idle class may keep the pieces it attacks (for a successor edition that
                // counts them); they are not chased, and the ruling lists none.
                targets: if c.kind == ClassKind::Idle {
                    Vec::new()
                } else {
                    c.targets.iter().map(|t| t.square.to_string()).collect()
                },
                note: c.note.clone(),
                lines: Vec::new(),
            },
        }
    }

    /// The idle kind as an enum (for renderers).
    pub fn idle(&self) -> Option<IdleKind> {
        match self.idle_kind {
            Some("exchange") => Some(IdleKind::Exchange),
            Some("offer") => Some(IdleKind::Offer),
            Some("block") => Some(IdleKind::Block),
            Some("follow") => Some(IdleKind::Follow),
            _ => None,
        }
    }
}

/// The natural move limit (自然限着) in a ruling.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct NaturalLimitReport {
    /// Moves per side without capture that allow a claim.
    pub moves: u32,
    /// The cap on the claimant's counted checks.
    pub max_counted_checks: u32,
    /// The ply of the last capture (0: none in the record).
    pub last_capture_ply: usize,
    /// The first ply after which a draw may be claimed (by either side), or null.
    pub claimable_from_ply: Option<usize>,
    /// Who could claim first (`red`/`black`), or null.
    pub claimant: Option<&'static str>,
    /// Red as claimant: its counted moves at the end of the record (checks beyond the cap
    /// deducted), all its moves, its checks, in the stretch since the last capture.
    pub red: SideCount,
    /// Black as claimant.
    pub black: SideCount,
}

/// A dead position in a ruling ([`Ruling::dead_position`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct DeadPositionReport {
    /// The first position that is dead: 0 for the start, `p` for the position after ply `p`.
    pub from_ply: usize,
    /// What is proposed: always `draw` (the arbiter confirms).
    pub proposed: &'static str,
    /// The rule the proposal rests on, in the edition's words.
    pub rule: String,
}

/// One side's natural-limit count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct SideCount {
    /// Moves that count for this side's own claim.
    pub counted_moves: u32,
    /// All its moves since the last capture.
    pub moves: u32,
    /// Its checks since the last capture.
    pub checks: u32,
    /// The first ply after which this side could claim.
    pub claimable_from_ply: Option<usize>,
}

/// The arbiter's ruling on a game under one ruleset.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct Ruling {
    /// The ruleset id.
    pub ruleset: String,
    /// The edition id.
    pub edition: String,
    /// `ongoing`, `red-wins`, `black-wins`, `draw`.
    pub outcome: Outcome,
    /// Why (`checkmate`, `stalemate`, `perpetual-check`, `perpetual-chase`, `repetition`,
    /// `red-must-vary`, `natural-limit-claimable`, `none`).
    pub reason: String,
    /// The ply at which the outcome was decided (null when ongoing).
    pub decided_at_ply: Option<usize>,
    /// The decisive repetition ruling, or the last one made; null when no position recurred
    /// often enough.
    pub repetition: Option<RepetitionRuling>,
    /// Every repetition ruling made, in order, up to the decision.
    pub repetitions: Vec<RepetitionRuling>,
    /// The ruling on a run that is not a repetition (cn-2020's nine-move rule), when one was
    /// made: its plies, each side's words, the verdict and the rule in words. Absent when none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub run: Option<RepetitionRuling>,
    /// Every ply (classified ones carry their class).
    pub plies: Vec<PlyRuling>,
    /// The natural move limit accounting, if the edition has one.
    pub natural_limit: Option<NaturalLimitReport>,
    /// A dead position (死局: neither side can ever give check) reached in the record, and the
    /// draw the rules propose for it — a proposal the arbiter confirms, never a result by itself.
    /// Absent when the final position is not dead (or the edition proposes nothing).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dead_position: Option<DeadPositionReport>,
    /// The reasoning, in plain sentences.
    pub explanation: Vec<String>,
}

impl Ruling {
    /// The latest ruling that told a side to vary or drew the game: the run's ([`Ruling::run`])
    /// when it came after the last repetition's, else the last repetition's. The outcome (or,
    /// while the game goes on, the reason `…-must-vary`) names the same side as this ruling.
    pub fn last_ruling(&self) -> Option<&RepetitionRuling> {
        match (&self.repetition, &self.run) {
            (Some(rep), Some(run)) if run.last_ply > rep.last_ply => Some(run),
            (Some(rep), _) => Some(rep),
            (None, run) => run.as_ref(),
        }
    }
}
