//! The arbiter's administration of an event: withdrawals (退出比赛), late entries, requested
//! byes, manual pairings (recorded as such) and bulk result entry (all or nothing).

use crate::document::{Event, EventError, Pairing, Player, Round, invalid};

impl Event {
    /// Player `no` withdraws (退出比赛) after the last paired round: never paired again. How the
    /// games played count is the ruleset's `withdrawal_results` (default `keep`).
    pub(crate) fn withdraw(&mut self, no: u32) -> Result<u32, EventError> {
        let after = self.paired.len() as u32;
        let p = self.player_mut(no)?;
        if let Some(w) = p.withdrawn {
            return Err(invalid(
                format!("player {no}"),
                format!("already withdrew after round {w}"),
            ));
        }
        p.withdrawn = Some(after);
        Ok(after)
    }

    /// Player `no` asks not to be paired in `round` (not yet paired); the bye scores nothing.
    pub(crate) fn request_bye(&mut self, no: u32, round: u32) -> Result<(), EventError> {
        let paired = self.paired.len() as u32;
        if round <= paired {
            return Err(invalid(
                format!("player {no}"),
                format!("round {round} is already paired"),
            ));
        }
        let p = self.player_mut(no)?;
        if !p.bye_requests.contains(&round) {
            p.bye_requests.push(round);
            p.bye_requests.sort_unstable();
        }
        Ok(())
    }

    /// A late entry into a Swiss event: the next pairing number, first paired in the next round
    /// (the rounds missed score nothing). Refused for a round robin or an event in stages (their
    /// tables and brackets are fixed at the start).
    pub(crate) fn add_late(
        &mut self,
        name: &str,
        club: &str,
        rating: Option<u32>,
    ) -> Result<u32, EventError> {
        let predetermined = self.config.pairing_system()?.predetermined;
        if self.staged() || predetermined {
            return Err(invalid(
                "event",
                "late entries join a Swiss event only (a round robin's table and a bracket are fixed)",
            ));
        }
        let no = self.players.iter().map(|p| p.no).max().unwrap_or(0) + 1;
        let next = self.paired.len() as u32 + 1;
        self.players.push(Player {
            no,
            name: name.trim().to_string(),
            club: club.trim().to_string(),
            rating,
            withdrawn: None,
            bye_requests: Vec::new(),
            late: (next > 1).then_some(next),
            members: Vec::new(),
        });
        self.validate()?;
        Ok(no)
    }

    /// The arbiter pairs the next round by hand: `boards` as `(red, black)`, an optional bye
    /// (scored as the configured bye). Recorded with `manual = true` and a note. Every present
    /// player must be paired or have the bye; nobody twice; no withdrawn player.
    pub(crate) fn pair_manual(
        &mut self,
        boards: &[(u32, u32)],
        bye: Option<u32>,
    ) -> Result<&Round, EventError> {
        if self.staged() {
            return Err(invalid(
                "event",
                "manual pairing is for one-stage events (a stage pairs by its system)",
            ));
        }
        let round = self.next_round()?;
        let rec = format!("round {round}");
        let mut seen = std::collections::HashSet::new();
        for &no in boards.iter().flat_map(|(a, b)| [a, b]).chain(bye.iter()) {
            let p = self
                .player(no)
                .ok_or_else(|| invalid(&rec, format!("unknown player {no}")))?;
            if p.absent(round) {
                return Err(invalid(
                    &rec,
                    format!("player {no} has withdrawn or asked for a bye this round"),
                ));
            }
            if !seen.insert(no) {
                return Err(invalid(&rec, format!("player {no} is paired twice")));
            }
        }
        let missing: Vec<String> = self
            .players
            .iter()
            .filter(|p| !p.absent(round) && !seen.contains(&p.no))
            .map(|p| p.no.to_string())
            .collect();
        if !missing.is_empty() {
            return Err(invalid(
                &rec,
                format!("players {} are not paired", missing.join(", ")),
            ));
        }
        self.paired.push(Round {
            round,
            bye,
            byes: Vec::new(),
            stage: None,
            playoff: None,
            manual: true,
            date: None,
            notes: vec!["manual pairing by the arbiter".into()],
            boards: boards
                .iter()
                .enumerate()
                .map(|(k, &(red, black))| Pairing::new(k as u32 + 1, red, black))
                .collect(),
        });
        self.validate()?;
        Ok(self.paired.last().expect("just pushed"))
    }

    /// Enters results from lines `ROUND BOARD RESULT` (the result may hold several games
    /// separated by spaces; blank lines and `#` comments are skipped), all or nothing: at the
    /// first bad line nothing is changed and the error names the line. A different result
    /// already recorded is refused unless `force`. Returns the number of results entered.
    pub(crate) fn set_results(&mut self, text: &str, force: bool) -> Result<usize, EventError> {
        let mut work = self.clone();
        let mut n = 0;
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = format!("line {}", i + 1);
            let mut parts = line.splitn(3, char::is_whitespace);
            let (Some(r), Some(b), Some(res)) = (parts.next(), parts.next(), parts.next()) else {
                return Err(invalid(
                    at,
                    format!("expected ROUND BOARD RESULT, not {line:?}"),
                ));
            };
            let r: u32 = r
                .parse()
                .map_err(|_| invalid(&at, format!("round {r:?} is not a number")))?;
            let b: u32 = b
                .parse()
                .map_err(|_| invalid(&at, format!("board {b:?} is not a number")))?;
            work.set_result(r, b, res.trim(), (None, None), force)
                .map_err(|e| invalid(&at, e.to_string()))?;
            n += 1;
        }
        work.validate()?;
        *self = work;
        Ok(n)
    }

    pub(crate) fn player_mut(&mut self, no: u32) -> Result<&mut Player, EventError> {
        self.players
            .iter_mut()
            .find(|p| p.no == no)
            .ok_or_else(|| invalid(format!("player {no}"), "no such player"))
    }
}

#[cfg(test)]
mod tests {
    use crate::document::Event;
    use xiangqi_scheduling::EventConfig;

    fn swiss(n: u32, rounds: u32) -> Event {
        let entrants = (1..=n).map(|i| (format!("P{i}"), String::new())).collect();
        Event::new(
            "t",
            "",
            EventConfig::default(),
            entrants,
            1,
            Some(rounds),
            false,
        )
        .unwrap()
    }

    fn finish_round(ev: &mut Event) {
        let r = ev.paired.len() as u32;
        let boards = ev.paired.last().unwrap().boards.len() as u32;
        for b in 1..=boards {
            ev.set_result(r, b, "1-0", (None, None), false).unwrap();
        }
    }

    #[test]
    fn withdrawals_are_never_paired() {
        let mut ev = swiss(8, 5);
        ev.pair_next().unwrap();
        finish_round(&mut ev);
        ev.withdraw(3).unwrap();
        for _ in 0..4 {
            let r = ev.pair_next().unwrap();
            assert!(r.boards.iter().all(|b| b.red != 3 && b.black != 3));
            assert_ne!(r.bye, Some(3));
            finish_round(&mut ev);
        }
        // a round robin keeps its table: the withdrawn player's opponent waits
        let entrants = (1..=4).map(|i| (format!("P{i}"), String::new())).collect();
        let cfg = EventConfig {
            pairing: xiangqi_scheduling::PairingSystemId("berger".into()),
            ..EventConfig::default()
        };
        let mut rr = Event::new("rr", "", cfg, entrants, 1, None, false).unwrap();
        rr.withdraw(2).unwrap();
        let r = rr.pair_next().unwrap();
        assert_eq!(r.boards.len(), 1);
        assert_eq!(r.byes.len(), 1);
    }

    #[test]
    fn a_forfeited_pair_never_meets_again() {
        for seed in 1..20 {
            let entrants = (1..=6).map(|i| (format!("P{i}"), String::new())).collect();
            let mut ev = Event::new(
                "t",
                "",
                EventConfig::default(),
                entrants,
                seed,
                Some(5),
                true,
            )
            .unwrap();
            ev.pair_next().unwrap();
            let (a, b) = (ev.paired[0].boards[0].red, ev.paired[0].boards[0].black);
            ev.set_result(1, 1, "+-", (None, None), false).unwrap();
            for k in 2..=3 {
                ev.set_result(1, k, "=", (None, None), false).unwrap();
            }
            for _ in 2..=5 {
                let r = ev.pair_next().unwrap();
                assert!(
                    !r.boards
                        .iter()
                        .any(|x| (x.red, x.black) == (a, b) || (x.red, x.black) == (b, a)),
                    "seed {seed}: {a} and {b} paired again after a forfeit"
                );
                finish_round(&mut ev);
            }
        }
    }

    #[test]
    fn bulk_results_are_all_or_nothing() {
        let mut ev = swiss(6, 3);
        ev.pair_next().unwrap();
        let before = ev.clone();
        let e = ev
            .set_results("1 1 1-0\n1 2 =\n1 9 1-0\n", false)
            .unwrap_err();
        assert!(e.to_string().starts_with("line 3:"), "{e}");
        assert_eq!(ev, before);
        assert_eq!(
            ev.set_results("# round 1\n1 1 1-0\n\n1 2 =\n1 3 0-1\n", false)
                .unwrap(),
            3
        );
        assert_eq!(ev.complete_rounds(), 1);
    }

    #[test]
    fn late_entries_requested_byes_and_manual_pairing() {
        let mut ev = swiss(5, 4);
        ev.request_bye(2, 1).unwrap();
        let r = ev.pair_next().unwrap();
        assert!(r.boards.iter().all(|b| b.red != 2 && b.black != 2));
        assert_ne!(r.bye, Some(2));
        finish_round(&mut ev);
        let no = ev.add_late("Late", "", Some(2000)).unwrap();
        assert_eq!(no, 6);
        assert_eq!(ev.player(6).unwrap().late, Some(2));
        let e = ev.pair_manual(&[(1, 2), (3, 4)], None).unwrap_err();
        assert!(e.to_string().contains("not paired"), "{e}");
        let r = ev.pair_manual(&[(1, 2), (3, 4), (5, 6)], None).unwrap();
        assert!(r.manual);
        let text = ev.to_toml();
        assert_eq!(Event::from_toml(&text).unwrap(), ev);
    }
}
