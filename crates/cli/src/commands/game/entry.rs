//! `xq game WORD FILE …`: one subcommand per kind of log entry, derived from the game crate's
//! kinds ([`KINDS`]: the word, the help, the arguments), read by [`words::entry`] and applied
//! under the store's lock.

use std::path::{Path, PathBuf};

use clap::{Arg, ArgAction, ArgMatches, Command, value_parser};
use xiangqi::game::entry::{self, KINDS, Typed, Value};
use xiangqi::game::store;
use xiangqi::game::words::{self, Asked, Fields};
use xiangqi::game::{Entry, EventBoard};

use super::file::update;
use crate::CliError;
use crate::io::outln;

/// An entry as typed: its word, the game file and its fields.
#[derive(Debug)]
pub(super) struct EntryArgs {
    word: String,
    file: PathBuf,
    fields: Fields,
}

/// The typed kinds, in the order `xq game --help` lists them.
fn typed() -> impl Iterator<Item = &'static Typed> {
    KINDS.iter().filter_map(|k| k.typed.as_ref())
}

/// Whether `name` is the subcommand of a kind of entry.
pub(super) fn is_entry(name: &str) -> bool {
    typed().any(|t| t.word == name)
}

/// One subcommand per typed kind.
pub(super) fn commands() -> impl Iterator<Item = Command> {
    typed().map(|t| {
        let file = Arg::new("file")
            .value_name("FILE")
            .required(true)
            .value_parser(value_parser!(PathBuf))
            .action(ArgAction::Set)
            .help("The game file");
        t.args
            .iter()
            .fold(Command::new(t.word).arg(file), |c, a| c.arg(arg(a)))
            .about(t.about)
            .long_about(None)
    })
}

/// One argument of a kind as clap takes it.
fn arg(a: &'static entry::Arg) -> Arg {
    let mut arg = Arg::new(a.id)
        .value_name(a.value_name)
        .required(a.required)
        .action(ArgAction::Set)
        .help(a.help);
    arg = match a.value {
        Value::Text => arg.value_parser(value_parser!(String)),
        Value::Byte => arg.value_parser(value_parser!(u8)),
        Value::Number => arg.value_parser(value_parser!(u32)),
        Value::Index => arg.value_parser(value_parser!(usize)),
    };
    if let Some(long) = a.long {
        arg = arg.long(long);
    }
    if let Some(d) = a.default {
        arg = arg.default_value(d);
    }
    if a.hyphen_values {
        arg = arg.allow_hyphen_values(true);
    }
    arg
}

impl EntryArgs {
    /// The entry `word`'s arguments, as the fields the game crate reads; an answer to a
    /// proposal is stamped with the time it is entered.
    pub(super) fn from_matches(word: &str, m: &mut ArgMatches) -> Result<EntryArgs, clap::Error> {
        let unknown = || clap::Error::new(clap::error::ErrorKind::InvalidSubcommand);
        let t = typed().find(|t| t.word == word).ok_or_else(unknown)?;
        let file = m.remove_one::<PathBuf>("file").ok_or_else(unknown)?;
        let mut fields = Fields {
            at: words::now(),
            ..Fields::default()
        };
        for a in t.args {
            let v = match a.value {
                Value::Text => m.remove_one::<String>(a.id),
                Value::Byte => m.remove_one::<u8>(a.id).map(|v| v.to_string()),
                Value::Number => m.remove_one::<u32>(a.id).map(|v| v.to_string()),
                Value::Index => m.remove_one::<usize>(a.id).map(|v| v.to_string()),
            };
            (a.fill)(&mut fields, v.unwrap_or_default());
        }
        Ok(EntryArgs {
            word: word.to_string(),
            file,
            fields,
        })
    }
}

/// Runs `xq game WORD FILE …`: the entry under the store's lock, its rulings printed, a
/// finished game's result entered on its event board.
pub(super) fn run(a: EntryArgs) -> Result<(), CliError> {
    let file = a.file;
    let asked = words::entry(&a.word, &a.fields).map_err(CliError::input)?;
    let (rulings, game) = update(&file, |g| {
        let r = match asked {
            Asked::Apply(e) => vec![g.apply(e)?],
            Asked::Seal { text, clock } => {
                let side = g.state().side_to_move;
                vec![g.apply(Entry::Seal {
                    side,
                    text: text.into(),
                    clock,
                })?]
            }
            Asked::Resume => g.resume()?,
        };
        Ok((r, g.state().clone(), g.log().header.event.clone()))
    })
    .map(|(r, st, ev)| (r, (st, ev)))
    .inspect_err(|_| land_after_refusal(&file))?;
    finish(&file, rulings, game)
}

/// A refused entry (the game is over …) still lands a finished game's result that a crash
/// kept off its event board; the line goes to standard output, the refusal to standard error.
fn land_after_refusal(file: &Path) {
    if let Ok(Some(line)) = store::land(file, |b| store::event_file(file, &b.file)) {
        let _ = outln!("{line}");
    }
}

/// Prints the rulings; a game that has just ended on an event board goes to the event file.
fn finish(
    file: &Path,
    rulings: Vec<String>,
    (st, event): (xiangqi::game::State, Option<EventBoard>),
) -> Result<(), CliError> {
    for r in &rulings {
        outln!("{r}")?;
    }
    if let Some(ev) = event {
        let at = store::event_file(file, &ev.file);
        if let Some(line) = store::enter_result(file, &at, &st, &ev).map_err(CliError::input)? {
            outln!("{line}")?;
        }
    }
    Ok(())
}
