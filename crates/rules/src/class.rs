//! What an edition says about one ply, and about a cycle.

use serde::Serialize;
use xiangqi_adjudication::PieceId;
use xiangqi_board::{Color, Piece, Square};
use xiangqi_movegen::Move;

/// The class of a ply, in the four words of the rulebooks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClassKind {
    /// Check (将 / 照将).
    Check,
    /// Threat to mate (杀 / 要杀).
    MateThreat,
    /// Chase (捉): a threat to win a piece; the targets are listed in [`PlyClass::targets`].
    Chase,
    /// Idle (闲), with its kind.
    Idle,
}

impl ClassKind {
    /// The JSON word (`check`, `mate-threat`, `chase`, `idle`).
    pub fn as_str(self) -> &'static str {
        match self {
            ClassKind::Check => "check",
            ClassKind::MateThreat => "mate-threat",
            ClassKind::Chase => "chase",
            ClassKind::Idle => "idle",
        }
    }
}

/// The kinds of idle move (闲着含兑、献、拦、跟), and the attacks an edition rules idle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum IdleKind {
    /// Plain idle move (闲).
    None,
    /// Offer to exchange (兑): the moved piece can be taken, and the mover takes back an equal.
    Exchange,
    /// Offer / sacrifice (献): the moved piece is left to be taken.
    Offer,
    /// Block (拦): interposing on a line.
    Block,
    /// Follow (跟): moving alongside to keep guarding.
    Follow,
    /// A pawn's attack on its own (兵卒捉子): idle under the Chinese rules (兵卒长捉 is allowed).
    PawnChase,
    /// The king's attack on its own (将帅捉子): idle under the Chinese rules (将帅长捉 is allowed).
    KingChase,
    /// A chase or mate threat the opponent brought about himself (自毙): it exists only because
    /// the opponent's check made the reply; idle.
    SelfInflicted,
}

impl IdleKind {
    /// The JSON word of the four kinds of 闲着 (`exchange`, `offer`, `block`, `follow`); `None`
    /// for a plain idle move and for the idle attacks, which a ply's note names.
    pub fn as_str(self) -> Option<&'static str> {
        match self {
            IdleKind::Exchange => Some("exchange"),
            IdleKind::Offer => Some("offer"),
            IdleKind::Block => Some("block"),
            IdleKind::Follow => Some("follow"),
            IdleKind::None
            | IdleKind::PawnChase
            | IdleKind::KingChase
            | IdleKind::SelfInflicted => None,
        }
    }

    /// The rulebook's word: 闲, 兑, 献, 拦, 跟, 兵卒捉子（闲）, 将帅捉子（闲）, 自毙（闲）.
    pub fn word(self) -> &'static str {
        match self {
            IdleKind::None => "闲",
            IdleKind::Exchange => "兑",
            IdleKind::Offer => "献",
            IdleKind::Block => "拦",
            IdleKind::Follow => "跟",
            IdleKind::PawnChase => "兵卒捉子（闲）",
            IdleKind::KingChase => "将帅捉子（闲）",
            IdleKind::SelfInflicted => "自毙（闲）",
        }
    }
}

/// A piece a ply chases (捉).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Target {
    /// Where it stands after the ply.
    pub square: Square,
    /// The piece.
    pub piece: Piece,
    /// Its identity through the cycle (for "the same piece every time").
    pub id: PieceId,
}

/// An edition's judgment of one ply.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PlyClass {
    /// Check, mate threat, chase or idle.
    pub kind: ClassKind,
    /// For idle plies, which kind of idle; `IdleKind::None` otherwise.
    pub idle_kind: IdleKind,
    /// The rulebook's word for the ply (e.g. `将`, `杀`, `捉`, `闲`, `兑`).
    pub label: String,
    /// The chased pieces for a chase (捉). An idle attack (兵卒捉子, 将帅捉子, 自毙) keeps the
    /// pieces it attacks here, so that a successor edition that counts it as a chase can; an
    /// edition may also list a check's chased pieces. Empty otherwise.
    pub targets: Vec<Target>,
    /// A chase whose every target is won only by a line that starts with a check (要抽吃子, named
    /// apart from 捉 by the 1987 rules). `false` unless `kind` is `Chase`.
    pub via_check: bool,
    /// A joint chase (联合捉): the targets are won only together with a second attacker or a
    /// partner (捉少根子, 车炮联合捉子). `false` unless `kind` is `Chase`.
    pub joint: bool,
    /// A short reason an arbiter can check (optional, in plain words).
    pub note: Option<String>,
}

impl PlyClass {
    /// A check (将).
    pub fn check(label: impl Into<String>) -> PlyClass {
        PlyClass::new(ClassKind::Check, label)
    }

    /// A mate threat (杀).
    pub fn mate_threat(label: impl Into<String>) -> PlyClass {
        PlyClass::new(ClassKind::MateThreat, label)
    }

    /// A chase (捉) of `targets`.
    pub fn chase(label: impl Into<String>, targets: Vec<Target>) -> PlyClass {
        PlyClass {
            targets,
            ..PlyClass::new(ClassKind::Chase, label)
        }
    }

    /// An idle move (闲) of the given kind.
    pub fn idle(kind: IdleKind, label: impl Into<String>) -> PlyClass {
        PlyClass {
            idle_kind: kind,
            ..PlyClass::new(ClassKind::Idle, label)
        }
    }

    fn new(kind: ClassKind, label: impl Into<String>) -> PlyClass {
        PlyClass {
            kind,
            idle_kind: IdleKind::None,
            label: label.into(),
            targets: Vec::new(),
            via_check: false,
            joint: false,
            note: None,
        }
    }

    /// The same chase, its targets won only by a line that starts with a check (要抽吃子).
    pub fn by_checks(mut self) -> PlyClass {
        self.via_check = true;
        self
    }

    /// The same chase, made jointly with another piece (联合捉).
    pub fn jointly(mut self) -> PlyClass {
        self.joint = true;
        self
    }

    /// The same class with these targets (an idle attack keeps the pieces it attacks).
    pub fn with_targets(mut self, targets: Vec<Target>) -> PlyClass {
        self.targets = targets;
        self
    }

    /// The same class with an explanatory note.
    pub fn with_note(mut self, note: impl Into<String>) -> PlyClass {
        self.note = Some(note.into());
        self
    }
}

/// The line that makes a ply 捉: how the mover wins one chased piece after the ply (the opponent
/// passing), as the edition's search found it, with the least search bounds that find it — for an
/// arbiter to read and a federation to dispute (`xq judge --explain`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CaptureLine {
    /// The chased piece's square after the ply.
    pub target: Square,
    /// The moves from the position after the ply with the opponent to move passing: the mover's
    /// moves and the opponent's best replies (the line may end with the opponent letting the piece
    /// go).
    pub moves: Vec<Move>,
    /// The least bounds of the edition's search with which the line is found, by the ruleset key
    /// that sets each (e.g. `("gain_max_checks", 3)`).
    pub bounds: Vec<(&'static str, u32)>,
    /// How the line was found, when not by the plain search (e.g. "each side's chase judged
    /// apart", "a forking check").
    pub note: Option<String>,
    /// The proof a person can check (证明): the chased side's answers to the line's first move,
    /// each with its refutation, and the material won. `None` for an edition whose line rests on
    /// no search.
    pub proof: Option<Proof>,
}

/// The proof behind a line (证明): every answer the chased side has to the line's first move (as
/// the edition's search sees them), each with the continuation that refutes it, the material the
/// line wins, and the search bounds the ruling rests on.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Proof {
    /// The answers to the first move (应着), each refuted.
    pub defences: Vec<Defence>,
    /// The material of the whole line (the moves of [`CaptureLine::moves`]).
    pub material: Material,
    /// The bounds the line needs at the very value the ruleset sets (a lower one loses the line),
    /// by ruleset key and that value (e.g. `("gain_max_checks", 3)`): the ruling rests on them.
    pub binding: Vec<(&'static str, u32)>,
}

/// One answer of the chased side to the line's first move, and its refutation (驳着).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Defence {
    /// The answer; `None` for "any move that takes nothing" (不吃), where the search lets the
    /// chased side only capture (it is not in check).
    pub reply: Option<Move>,
    /// The mover's continuation after the answer (the answer's best replies inside it).
    pub refutation: Vec<Move>,
    /// The material of the first move, the answer and its refutation.
    pub material: Material,
}

/// The material a line wins (得子): what the mover takes and what he gives, and the net value by
/// the edition's table (pawns floating as the edition counts them is not reflected here: `net` is
/// the plain sum).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Material {
    /// The pieces the mover takes, in order.
    pub taken: Vec<Piece>,
    /// The pieces the chased side takes back, in order.
    pub given: Vec<Piece>,
    /// The value taken less the value given.
    pub net: i32,
    /// Whether the line ends with the chased side mated (将死 / 困毙): the material then does
    /// not matter.
    pub mate: bool,
}

impl Material {
    /// The material in the rulebook's words: `得车（净得 10）`, `得车失马（净得 5）`, `不得子`, or
    /// `将死` when the line mates.
    pub fn words(&self) -> String {
        let names = |ps: &[Piece]| -> String { ps.iter().map(|p| piece_word(*p)).collect() };
        if self.mate {
            return "将死".into();
        }
        if self.taken.is_empty() {
            return "不得子".into();
        }
        let mut s = format!("得{}", names(&self.taken));
        if !self.given.is_empty() {
            s.push_str(&format!("失{}", names(&self.given)));
        }
        s.push_str(&format!("（净得 {}）", self.net));
        s
    }
}

/// A piece's name in Chinese, by colour (车 马 炮 仕/士 相/象 帅/将 兵/卒).
pub fn piece_word(p: Piece) -> &'static str {
    use xiangqi_board::PieceKind::*;
    match (p.kind, p.color) {
        (Rook, _) => "车",
        (Horse, _) => "马",
        (Cannon, _) => "炮",
        (Advisor, Color::Red) => "仕",
        (Advisor, Color::Black) => "士",
        (Elephant, Color::Red) => "相",
        (Elephant, Color::Black) => "象",
        (King, Color::Red) => "帅",
        (King, Color::Black) => "将",
        (Pawn, Color::Red) => "兵",
        (Pawn, Color::Black) => "卒",
    }
}

/// The ruling on a cycle (decisions.md, Rulings 2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// Both sides' repetitions allowed, or both forbidden (neither the only perpetual checker).
    Draw,
    /// This side's repetition is forbidden and the other's is not: it must vary, or lose.
    MustVary(Color),
}

impl Verdict {
    /// The JSON word: `draw`, `red-must-vary`, `black-must-vary`.
    pub fn as_str(self) -> &'static str {
        match self {
            Verdict::Draw => "draw",
            Verdict::MustVary(Color::Red) => "red-must-vary",
            Verdict::MustVary(Color::Black) => "black-must-vary",
        }
    }
}

/// An edition's ruling on one cycle.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CycleRuling {
    /// Draw, or who must vary.
    pub verdict: Verdict,
    /// Red's side of the cycle in the rulebook's words (`长将`, `一将一捉`, `闲`, …).
    pub red: String,
    /// Black's side of the cycle.
    pub black: String,
    /// A short machine word for the rule applied (`perpetual-check`, `perpetual-chase`,
    /// `mutual-perpetual-check`, `no-violation`, …); a loss that follows uses it as its reason.
    pub reason: String,
    /// The rule applied, in words an official can check against the book.
    pub explanation: String,
}
