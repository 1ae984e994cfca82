//! The desk's own refusals (the error pages' messages), in both languages.

use super::Lang;
use crate::security::Forbidden;

impl Lang {
    /// `{id}`: not one of the desk's event files.
    pub(crate) fn no_such_event(self, id: &str) -> String {
        self.pick(
            format!("{id}：找不到这个比赛文件"),
            format!("{id}: no such event file"),
        )
    }

    /// `{rel}`: not one of the desk's game files.
    pub(crate) fn no_such_game(self, rel: &str) -> String {
        self.pick(
            format!("{rel}：找不到这个对局文件"),
            format!("{rel}: no such game file"),
        )
    }

    /// `{rel}`: a file of the folder that is not a game record (its text is never shown).
    pub(crate) fn not_a_game_record(self, rel: &str) -> String {
        self.pick(
            format!("{rel}：不是对局记录（查看器只打开 PGN、XQF、CBR/CBL/CBF 棋谱和 xq game 对局记录）"),
            format!("{rel}: not a game record (the viewer opens PGN, XQF, CBR/CBL/CBF game files and xq game logs only)"),
        )
    }

    /// `{rel}` cannot be read now: the readings in progress fill the desk's memory budget.
    pub(crate) fn viewer_busy(self, rel: &str) -> String {
        self.pick(
            format!("{rel}：正在读取的棋谱已占满内存限额，请稍后刷新"),
            format!(
                "{rel}: the game files being read fill the desk's memory budget; reload in a moment"
            ),
        )
    }

    /// Round `round` of `id` has not been paired.
    pub(crate) fn round_not_paired(self, id: &str, round: impl std::fmt::Display) -> String {
        self.pick(
            format!("{id}：第 {round} 轮尚未编排"),
            format!("{id}: round {round} is not paired"),
        )
    }

    /// A board the round does not have.
    pub(crate) fn no_such_board(self, id: &str, round: u32, board: u32) -> String {
        self.pick(
            format!("{id}：第 {round} 轮没有第 {board} 台"),
            format!("{id}: round {round} has no board {board}"),
        )
    }

    /// A POST refused before it was read ([`Forbidden`]).
    pub(crate) fn forbidden(self, e: &Forbidden) -> String {
        match (self, e) {
            (Lang::Zh, Forbidden::CrossOrigin(_)) => {
                "拒绝来自其他网站的请求（来源不是本记录台）".to_string()
            }
            (Lang::Zh, Forbidden::Csrf) => "表单已过期或被伪造：请刷新页面后重试".to_string(),
            (Lang::Zh, Forbidden::Token) => {
                "写入需要访问令牌：请打开启动记录台时显示的登录地址".to_string()
            }
            (Lang::En, e) => e.to_string(),
        }
    }

    /// A form's `version` field (the event's version the page showed) that is not a number.
    pub(crate) fn bad_version(self, v: &str) -> String {
        self.pick(
            format!("版本号 {v:?}：不是整数（请刷新页面）"),
            format!("version {v:?}: not a whole number"),
        )
    }

    /// A login with a wrong token.
    pub(crate) fn wrong_token(self) -> &'static str {
        self.pick("令牌错误", "wrong token")
    }

    /// Something the desk could not do (a task that did not finish).
    pub(crate) fn internal_error(self) -> &'static str {
        self.pick("内部错误", "internal error")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_refusal_in_each_language() {
        assert_eq!(
            Lang::Zh.no_such_event("a.toml"),
            "a.toml：找不到这个比赛文件"
        );
        assert_eq!(
            Lang::En.no_such_event("a.toml"),
            "a.toml: no such event file"
        );
        assert_eq!(
            Lang::Zh.round_not_paired("a.toml", 9),
            "a.toml：第 9 轮尚未编排"
        );
        assert_eq!(
            Lang::En.forbidden(&Forbidden::Csrf),
            Forbidden::Csrf.to_string()
        );
        assert!(Lang::Zh.forbidden(&Forbidden::Token).contains("令牌"));
    }
}
