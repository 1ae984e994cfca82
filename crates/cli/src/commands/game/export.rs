//! `xq game export`: the game's paper — the 封棋 record or the signed move record.

use std::path::PathBuf;

use xiangqi::event::Store;
use xiangqi::game::store;

use super::file::load;
use crate::CliError;
use crate::io::{out, write_output};

#[derive(clap::Args, Debug)]
pub(super) struct ExportArgs {
    /// The game file.
    pub(super) file: PathBuf,
    /// `seal` (封棋记录: names, sealer, 用时, moves made, 封棋图, signatures) or `record`
    /// (对局记录: the moves in Chinese notation in two columns, result, 用时, signatures).
    #[arg(long, value_name = "seal|record")]
    pub(super) form: String,
    /// `html` (print-ready A4) or `text`.
    #[arg(long, default_value = "html", value_name = "html|text")]
    pub(super) format: String,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short, long)]
    pub(super) output: Option<PathBuf>,
}

/// `xq game export`: the 封棋 record or the move record of the log, through the form models of
/// `xiangqi-forms`; the event's name for the caption when the log is on an event board (an event
/// file that cannot be read leaves the caption without it).
pub(super) fn run(a: ExportArgs) -> Result<(), CliError> {
    use xiangqi::game::paper;
    if !matches!(a.format.as_str(), "html" | "text") {
        return Err(CliError::input(format!(
            "--format {}: expected html or text",
            a.format
        )));
    }
    let g = load(&a.file)?;
    let event: Option<xiangqi::event::Event> = g
        .log()
        .header
        .event
        .as_ref()
        .and_then(|b| Store::new(store::event_file(&a.file, &b.file)).read().ok());
    let sheet = match a.form.as_str() {
        "seal" => paper::seal_record(&g, event.as_ref())
            .ok_or_else(|| {
                CliError::input(format!(
                    "{}: --form seal: no move is sealed (the game is not adjourned)",
                    a.file.display()
                ))
            })?
            .sheet(),
        "record" => paper::move_record(&g, event.as_ref()).sheet(),
        f => {
            return Err(CliError::input(format!(
                "--form {f}: expected seal or record"
            )));
        }
    };
    let text = if a.format == "html" {
        sheet.html()
    } else {
        sheet.text()
    };
    match a.output {
        Some(p) => write_output(&p, text.as_bytes()),
        None => out!("{text}"),
    }
}
