//! The everyday changes and the corrections: `results`, `withdraw`, `bye`, `add`, `lineup`,
//! `undo`, `unpair`, `swap`, `edit-player`, `reinstate`, `rename`, `delete` — each one edit of
//! the event through its store, recorded in its history.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct UnpairArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// Unpair even though the round has results (they are dropped; undo brings them back).
    #[arg(long)]
    pub(super) force: bool,
}

#[derive(clap::Args, Debug)]
pub(super) struct BoardArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// Round.
    pub(super) round: u32,
    /// Board.
    pub(super) board: u32,
}

#[derive(clap::Args, Debug)]
pub(super) struct EditPlayerArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// The player's pairing number.
    pub(super) no: u32,
    /// New name.
    #[arg(long)]
    pub(super) name: Option<String>,
    /// New unit (单位); empty for none.
    #[arg(long)]
    pub(super) unit: Option<String>,
    /// New rating (等级分).
    #[arg(long, conflicts_with = "no_rating")]
    pub(super) rating: Option<u32>,
    /// Remove the rating.
    #[arg(long)]
    pub(super) no_rating: bool,
}

#[derive(clap::Args, Debug)]
pub(super) struct RenameArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// The new name.
    pub(super) name: String,
}

#[derive(clap::Args, Debug)]
pub(super) struct LineupArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// Round.
    pub(super) round: u32,
    /// Board (the match).
    pub(super) board: u32,
    /// The team's pairing number.
    #[arg(long)]
    pub(super) team: u32,
    /// Roster positions in board order, e.g. `1,2,3,5`.
    #[arg(long, value_delimiter = ',')]
    pub(super) members: Vec<u32>,
}

#[derive(clap::Args, Debug)]
pub(super) struct ResultsArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// The lines: a file, or `-` for standard input.
    #[arg(default_value = "-")]
    pub(super) input: String,
    /// Replace different results already recorded.
    #[arg(long)]
    pub(super) force: bool,
}

#[derive(clap::Args, Debug)]
pub(super) struct PlayerArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// The player's pairing number.
    pub(super) no: u32,
}

#[derive(clap::Args, Debug)]
pub(super) struct ByeArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// The player's pairing number.
    pub(super) no: u32,
    /// The round (not yet paired).
    #[arg(long)]
    pub(super) round: u32,
}

#[derive(clap::Args, Debug)]
pub(super) struct AddArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// The player, as `NAME`, `NAME,UNIT` or `NAME,UNIT,RATING`.
    #[arg(long)]
    pub(super) player: String,
}

/// `xq event results`: many results at once, all or nothing.
pub(super) fn results(a: ResultsArgs, who: &Writer) -> Result<(), CliError> {
    let bytes = read_input(&a.input)?;
    let text =
        String::from_utf8(bytes).map_err(|_| CliError::input(format!("{}: not UTF-8", a.input)))?;
    let n = update(&a.file, who, |ev| ev.enter_results(&text, a.force))?;
    outln!("{}: {n} results entered", a.file.display())?;
    Ok(())
}

/// `xq event withdraw`: a player withdraws (退出比赛) after the last paired round.
pub(super) fn withdraw(a: PlayerArgs, who: &Writer) -> Result<(), CliError> {
    let after = update(&a.file, who, |ev| ev.withdraw(a.no))?;
    outln!(
        "{}: player {} withdraws after round {after}; never paired again",
        a.file.display(),
        a.no
    )?;
    Ok(())
}

/// `xq event bye`: a player is not paired in a round.
pub(super) fn bye(a: ByeArgs, who: &Writer) -> Result<(), CliError> {
    update(&a.file, who, |ev| ev.request_bye(a.no, a.round))?;
    outln!(
        "{}: player {} is not paired in round {}",
        a.file.display(),
        a.no,
        a.round
    )?;
    Ok(())
}

/// `xq event add`: a late entry.
pub(super) fn add(a: AddArgs, who: &Writer) -> Result<(), CliError> {
    let e = parse_entrant(&a.player)?;
    let no = update(&a.file, who, |ev| ev.add_late(&e.name, &e.club, e.rating))?;
    outln!(
        "{}: {} enters late as number {no}",
        a.file.display(),
        e.name
    )?;
    Ok(())
}

/// `xq event lineup`: a team's line-up for a match.
pub(super) fn lineup(a: LineupArgs, who: &Writer) -> Result<(), CliError> {
    update(&a.file, who, |ev| {
        ev.set_lineup(a.round, a.board, a.team, &a.members)
    })?;
    Ok(())
}

/// `xq event undo`: the last recorded change that is not undone.
pub(super) fn undo(a: FileArgs, who: &Writer) -> Result<(), CliError> {
    let done = store(&a.file)
        .undo(who)
        .map_err(|e| edit_error(&a.file, e))?;
    outln!(
        "{}: undid version {} ({}); now version {}",
        a.file.display(),
        done.value.version,
        done.value.what,
        done.version
    )?;
    Ok(())
}

/// `xq event unpair`: take back the last paired round.
pub(super) fn unpair(a: UnpairArgs, who: &Writer) -> Result<(), CliError> {
    let round = update(&a.file, who, |ev| ev.unpair_last(a.force))?;
    outln!("{}: round {round} unpaired", a.file.display())?;
    Ok(())
}

/// `xq event swap`: the colours of a game played reversed.
pub(super) fn swap(a: BoardArgs, who: &Writer) -> Result<(), CliError> {
    update(&a.file, who, |ev| ev.swap_colours(a.round, a.board))?;
    let ev = load(&a.file)?;
    let b = &ev.paired[a.round as usize - 1].boards[a.board as usize - 1];
    outln!(
        "{}: round {} board {}: {} red, {} black{}",
        a.file.display(),
        a.round,
        a.board,
        b.red,
        b.black,
        b.result
            .as_deref()
            .map_or(String::new(), |r| format!(", result {r}"))
    )?;
    Ok(())
}

/// `xq event edit-player`: a player's name, unit or rating.
pub(super) fn edit_player(a: EditPlayerArgs, who: &Writer) -> Result<(), CliError> {
    let edit = PlayerEdit {
        name: a.name.clone(),
        club: a.unit.clone(),
        rating: if a.no_rating {
            Some(None)
        } else {
            a.rating.map(Some)
        },
    };
    update(&a.file, who, |ev| ev.edit_player(a.no, &edit))?;
    Ok(())
}

/// `xq event reinstate`: a withdrawn player plays again.
pub(super) fn reinstate(a: PlayerArgs, who: &Writer) -> Result<(), CliError> {
    update(&a.file, who, |ev| ev.reinstate(a.no))?;
    outln!(
        "{}: player {} is paired again from the next round",
        a.file.display(),
        a.no
    )?;
    Ok(())
}

/// `xq event rename`: the event's name.
pub(super) fn rename(a: RenameArgs, who: &Writer) -> Result<(), CliError> {
    update(&a.file, who, |ev| ev.rename(&a.name))?;
    Ok(())
}

/// `xq event delete`: the event to the trash.
pub(super) fn delete(a: FileArgs, who: &Writer) -> Result<(), CliError> {
    let dest = store(&a.file)
        .trash(who)
        .map_err(|e| edit_error(&a.file, e))?;
    outln!("{}: moved to {}", a.file.display(), dest.display())?;
    Ok(())
}
