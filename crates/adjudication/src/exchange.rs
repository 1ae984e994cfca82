//! The outcome of a complete exchange (完整互吃) on one enemy piece: the fact a capture search
//! reports so that an edition can tell "nothing to take" from "an even trade" from "a gain".

/// What the side to move gets from its best line of captures on one enemy piece, played out to
/// the end (完整互吃: captures, recaptures and any captures elsewhere until neither side gains
/// by going on), measured by a [`PieceValues`](crate::PieceValues) table.
///
/// A net-gain test (得子) sees only [`ExchangeOutcome::Gain`]; an edition whose rules read an
/// even complete exchange apart (2020 rules 26.5: "完整互吃后价值相当或得子者，按捉，得不偿失者，
/// 按闲") needs [`ExchangeOutcome::Even`] too, which a net-gain score cannot show (both it and
/// "no capture" score 0).
///
/// ```
/// use xiangqi_adjudication::ExchangeOutcome;
/// assert!(ExchangeOutcome::Gain > ExchangeOutcome::Even);
/// assert!(ExchangeOutcome::Even > ExchangeOutcome::NoCapture);
/// assert!(ExchangeOutcome::Even.takes());
/// assert!(!ExchangeOutcome::NoCapture.takes());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ExchangeOutcome {
    /// No capture of the piece is worth making: there is none, or every line that takes it
    /// loses material (得不偿失), so the best line is not to take.
    NoCapture,
    /// The piece is taken and the complete exchange nets exactly nothing (价值相当, 等值交换):
    /// what each side takes is worth the same.
    Even,
    /// The complete exchange wins material (得子).
    Gain,
}

impl ExchangeOutcome {
    /// Whether the best line takes the piece at all (an even exchange or a gain).
    pub fn takes(self) -> bool {
        self != ExchangeOutcome::NoCapture
    }

    /// The outcome's Chinese term: 不吃 (no capture), 等值交换 (even), 得子 (gain).
    pub fn zh(self) -> &'static str {
        match self {
            ExchangeOutcome::NoCapture => "不吃",
            ExchangeOutcome::Even => "等值交换",
            ExchangeOutcome::Gain => "得子",
        }
    }
}
