//! The Chinese form of the refusals the desk shows on its Chinese pages ([`LineupError::zh`]);
//! the command line keeps the English of `Display`.

use crate::team::LineupError;

impl LineupError {
    /// The refusal in Chinese, with the same boards and members as `Display`.
    ///
    /// ```
    /// use xiangqi_scheduling::team::LineupError;
    /// let e = LineupError::Twice { member: 2, first: 1, second: 2 };
    /// assert_eq!(e.zh(), "第 2 号队员同时排在第 1 台和第 2 台");
    /// ```
    pub fn zh(&self) -> String {
        match self {
            LineupError::Count { got, boards } => {
                format!("排阵列出 {got} 名队员，但每场有 {boards} 台")
            }
            LineupError::Unknown {
                board,
                member,
                roster,
            } => format!("第 {board} 台：名单只有 {roster} 名队员，没有第 {member} 号"),
            LineupError::Twice {
                member,
                first,
                second,
            } => format!("第 {member} 号队员同时排在第 {first} 台和第 {second} 台"),
            LineupError::Inverted {
                board,
                member,
                above,
                above_board,
            } => format!(
                "第 {board} 台：第 {member} 号队员在名单上排在第 {above} 号之前，不能排在第 {above_board} 台之后（分台换人制：顺序不得颠倒）"
            ),
            LineupError::NotFixed { board, want, got } => {
                format!("第 {board} 台：分台定人制固定由第 {want} 号队员出场，不是第 {got} 号")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lineup_refusal_reads_in_chinese() {
        let all = [
            LineupError::Count { got: 1, boards: 2 },
            LineupError::Unknown {
                board: 1,
                member: 5,
                roster: 3,
            },
            LineupError::Twice {
                member: 2,
                first: 1,
                second: 2,
            },
            LineupError::Inverted {
                board: 2,
                member: 1,
                above: 2,
                above_board: 1,
            },
            LineupError::NotFixed {
                board: 1,
                want: 1,
                got: 2,
            },
        ];
        for e in all {
            let zh = e.zh();
            assert!(!zh.chars().any(|c| c.is_ascii_alphabetic()), "{e}: {zh}");
            assert!(zh.contains(char::is_numeric), "{zh}");
        }
    }
}
