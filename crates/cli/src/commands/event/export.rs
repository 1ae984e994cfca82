//! `xq event export`: CSV, JSON, HTML and the printed forms, TRF.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct ExportArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// What to write.
    #[arg(long, default_value = "table", value_parser = formats(), hide_possible_values = false)]
    pub(super) format: String,
    /// Round for `record` (default: the last paired round).
    #[arg(long)]
    pub(super) round: Option<u32>,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short, long)]
    pub(super) output: Option<PathBuf>,
    /// With `--format html`: the printed form, A4 and ready to print. Without it, `--format html`
    /// prints the table.
    #[arg(long, value_parser = forms_list())]
    pub(super) form: Option<String>,
    /// With `--format csv`: the header language, en (default) or zh (中文表头).
    #[arg(long, default_value = "en")]
    pub(super) lang: String,
}

/// The `--format` values and what each writes: the one list `--help`, the dispatch below and the
/// test against docs/cli.md read.
pub(super) const FORMATS: [(&str, &str); 7] = [
    ("table", "成绩表 as text (the default)"),
    ("record", "编排记录表 of --round as text"),
    ("csv", "standings as CSV (--lang zh: 中文表头)"),
    ("json", "the event and its standings as JSON"),
    (
        "html",
        "a printed form, A4 (--form; print it to PDF from a browser)",
    ),
    ("trf", "FIDE TRF-16 with the event's ratings"),
    ("lineups", "a team event's 对阵表 of --round"),
];

/// `--format`'s parser: [`FORMATS`], and `pdf` (hidden) which is refused with where the PDFs
/// come from.
fn formats() -> clap::builder::PossibleValuesParser {
    let mut values: Vec<clap::builder::PossibleValue> = FORMATS
        .iter()
        .map(|(n, h)| clap::builder::PossibleValue::new(*n).help(*h))
        .collect();
    values.push(clap::builder::PossibleValue::new("pdf").hide(true));
    clap::builder::PossibleValuesParser::new(values)
}

/// `--form`'s parser: every printed form, its Chinese name as the help.
fn forms_list() -> clap::builder::PossibleValuesParser {
    clap::builder::PossibleValuesParser::new(
        Form::ALL.map(|f| clap::builder::PossibleValue::new(f.name()).help(f.chinese())),
    )
}

pub(super) fn export_cmd(a: ExportArgs) -> Result<(), CliError> {
    if a.format == "pdf" {
        return Err(CliError::input(
            "--format pdf: xq writes no PDF itself; print `--format html --form NAME` to PDF \
             from a browser (or `chromium --headless --print-to-pdf=out.pdf FILE.html`)",
        ));
    }
    let ev = load(&a.file)?;
    let st = ev.standings(None);
    if a.form.is_some() && a.format != "html" {
        return Err(CliError::input(format!(
            "--form: only with --format html (not {})",
            a.format
        )));
    }
    let text = match a.format.as_str() {
        "csv" => {
            let headers = match a.lang.as_str() {
                "en" => forms::CsvHeaders::English,
                "zh" => forms::CsvHeaders::Chinese,
                o => return Err(CliError::input(format!("--lang {o}: expected zh or en"))),
            };
            forms::standings_csv_file(&ev, &st, headers)
                .map_err(|e| CliError::input(format!("{}: --format csv: {e}", a.file.display())))?
        }
        "json" => format!(
            "{}\n",
            serde_json::to_string_pretty(&forms::event_json(&ev, &st))
                .map_err(CliError::internal)?
        ),
        "html" => form_html(&ev, &st, &a)?,
        "record" => Form::Record
            .text(&ev, &st, a.round)
            .map_err(|e| CliError::input(format!("{}: {e}", a.file.display())))?,
        "table" => Form::Table
            .text(&ev, &st, a.round)
            .map_err(|e| CliError::input(format!("{}: {e}", a.file.display())))?,
        "lineups" => {
            let r = a.round.unwrap_or(ev.paired.len() as u32);
            if ev.config.team_boards == 0 {
                return Err(CliError::input(format!(
                    "{}: --format lineups: not a team event",
                    a.file.display()
                )));
            }
            ev.lineup_form(r).ok_or_else(|| {
                CliError::input(format!("{}: round {r} is not paired", a.file.display()))
            })?
        }
        "trf" => trf::export(&ev, &st)
            .map_err(|e| CliError::input(format!("{}: --format trf: {e}", a.file.display())))?,
        o => {
            let list: Vec<&str> = FORMATS.iter().map(|(n, _)| *n).collect();
            return Err(CliError::input(format!(
                "--format {o}: expected {}",
                list.join(", ")
            )));
        }
    };
    match a.output {
        Some(p) => write_output(&p, text.as_bytes()),
        None => {
            out!("{text}")?;
            Ok(())
        }
    }
}

/// `--format html [--form NAME]`: the printed form as an A4 HTML document, from the same
/// model the desk's print views use ([`Form::html`]).
pub(super) fn form_html(
    ev: &Event,
    st: &[xiangqi::scheduling::tiebreak::Standing],
    a: &ExportArgs,
) -> Result<String, CliError> {
    use xiangqi::forms::FormError;
    let refused = |e: FormError| match e {
        FormError::Unknown(_) => CliError::input(e.to_string()),
        e => CliError::input(format!("{}: {e}", a.file.display())),
    };
    let form: Form = a
        .form
        .as_deref()
        .unwrap_or("table")
        .parse()
        .map_err(refused)?;
    // the 计分单 carry 用时 from the boards' game logs beside the event file, where there are any
    let sheet = match (form, a.round.or(Some(ev.paired.len() as u32))) {
        (Form::Scoresheets, Some(r)) if r >= 1 && ev.config.team_boards == 0 => {
            match forms::scoresheets(ev, r) {
                Some(mut sheets) => {
                    xiangqi::game::paper::fill_times_from_folder(&mut sheets, &a.file);
                    sheets.sheet().dated(ev, r)
                }
                None => return Err(refused(FormError::RoundNotPaired(r))),
            }
        }
        _ => return form.html(ev, st, a.round).map_err(refused),
    };
    Ok(sheet.html())
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// `export --help` and docs/cli.md come from one list each ([`FORMATS`], `Form::ALL`): every
    /// value the help offers has its row or line in docs/cli.md, and every form row of the docs'
    /// `--form` table is a form the help offers.
    #[test]
    fn export_help_and_docs_name_the_same_formats_and_forms() {
        let docs =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/cli.md"))
                .expect("docs/cli.md");
        let mut help = crate::Cli::command();
        let help = help
            .find_subcommand_mut("event")
            .and_then(|e| e.find_subcommand_mut("export"))
            .expect("xq event export")
            .render_long_help()
            .to_string();
        for (name, _) in FORMATS {
            assert!(
                help.contains(&format!("- {name}:")),
                "--help lacks --format {name}"
            );
            assert!(
                docs.contains(&format!("--format {name}")) || docs.contains(&format!("`{name}`")),
                "docs/cli.md lacks --format {name}"
            );
        }
        for f in Form::ALL {
            assert!(
                help.contains(&format!("- {}:", f.name())),
                "--help lacks --form {}",
                f.name()
            );
            assert!(help.contains(f.chinese()));
            assert!(
                docs.contains(&format!("| `{}`", f.name())),
                "docs/cli.md's --form table lacks {}",
                f.name()
            );
        }
        // the docs' --form table: every row names a form of Form::ALL
        let table = docs
            .split("| `--form` | form | paper |")
            .nth(1)
            .expect("the --form table");
        for row in table.lines().skip(2).take_while(|l| l.starts_with('|')) {
            let name = row
                .trim_start_matches("| `")
                .split('`')
                .next()
                .unwrap_or_default();
            assert!(
                Form::ALL.iter().any(|f| f.name() == name),
                "docs/cli.md's --form table names {name}, which --help does not offer"
            );
        }
    }
}
