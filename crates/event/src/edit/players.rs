//! Players (棋手): withdrawals (退出比赛), requested byes, late entries, a player's name, unit
//! or rating, and a withdrawn player's return.

use super::Edit;
use crate::document::{Event, EventError, invalid};

/// What to change of a player ([`Edit::edit_player`]); `None` keeps it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerEdit {
    /// New name (姓名).
    pub name: Option<String>,
    /// New unit (单位); empty for none.
    pub club: Option<String>,
    /// New rating (等级分); `Some(None)` removes it.
    pub rating: Option<Option<u32>>,
}

impl Edit<'_> {
    /// Player `no` withdraws (退出比赛) after the last paired round: never paired again. How the
    /// games played count is the ruleset's `withdrawal_results` (default `keep`). There is no
    /// default player. Returns the round after which the player withdrew.
    pub fn withdraw(&mut self, no: u32) -> Result<u32, EventError> {
        let after = self.event.withdraw(no)?;
        let what = format!("player {no} withdrew after round {after}");
        Ok(self.note(after, what, Vec::new()))
    }

    /// Player `no` asks not to be paired in `round` (a round not yet paired).
    pub fn request_bye(&mut self, no: u32, round: u32) -> Result<(), EventError> {
        self.event.request_bye(no, round)?;
        let what = format!("player {no} not paired in round {round}");
        {
            self.note((), what, Vec::new());
            Ok(())
        }
    }

    /// A late entry (Swiss only): the player joins from the next round with no points for the
    /// rounds missed. Returns the pairing number.
    pub fn add_late(
        &mut self,
        name: &str,
        club: &str,
        rating: Option<u32>,
    ) -> Result<u32, EventError> {
        let no = self.event.add_late(name, club, rating)?;
        let what = format!("late entry {no}: {}", name.trim());
        Ok(self.note(no, what, Vec::new()))
    }

    /// Changes a player's name, unit (单位) or rating (等级分).
    pub fn edit_player(&mut self, no: u32, edit: &PlayerEdit) -> Result<(), EventError> {
        let kept = self.event.players.clone();
        match edit_player(self.event, no, edit) {
            Ok(what) => {
                self.note((), what, Vec::new());
                Ok(())
            }
            Err(e) => {
                self.event.players = kept;
                Err(e)
            }
        }
    }

    /// A withdrawn player (退出比赛) plays again from the next round; the rounds missed score
    /// nothing.
    pub fn reinstate(&mut self, no: u32) -> Result<(), EventError> {
        let p = self.event.player_mut(no)?;
        let Some(after) = p.withdrawn.take() else {
            return Err(invalid(format!("player {no}"), "has not withdrawn"));
        };
        let what = format!("player {no} reinstated (had withdrawn after round {after})");
        {
            self.note((), what, Vec::new());
            Ok(())
        }
    }
}

/// Changes player `no` as `edit` says; returns the history's line. May leave the players
/// changed on a refusal (the caller restores them).
fn edit_player(ev: &mut Event, no: u32, edit: &PlayerEdit) -> Result<String, EventError> {
    let p = ev
        .players
        .iter_mut()
        .find(|p| p.no == no)
        .ok_or_else(|| invalid(format!("player {no}"), "no such player"))?;
    let mut what = Vec::new();
    if let Some(name) = &edit.name {
        let name = name.trim();
        if name.is_empty() {
            return Err(invalid(format!("player {no}"), "empty name"));
        }
        what.push(format!("name {} → {name}", p.name));
        p.name = name.to_string();
    }
    if let Some(club) = &edit.club {
        let club = club.trim();
        what.push(format!("unit {:?} → {club:?}", p.club));
        p.club = club.to_string();
    }
    if let Some(rating) = edit.rating {
        let show = |r: Option<u32>| r.map_or("none".to_string(), |r| r.to_string());
        what.push(format!("rating {} → {}", show(p.rating), show(rating)));
        p.rating = rating;
    }
    if what.is_empty() {
        return Err(invalid(
            format!("player {no}"),
            "nothing to change: give a name, unit or rating",
        ));
    }
    ev.validate()?;
    Ok(format!("player {no}: {}", what.join(", ")))
}
