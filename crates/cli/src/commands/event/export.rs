//! `xq event export`: CSV, JSON, HTML and the printed forms, TRF.

use super::*;

#[derive(clap::Args, Debug)]
pub(super) struct ExportArgs {
    /// The event file.
    pub(super) file: PathBuf,
    /// csv, json, html, record (编排记录表), table (成绩表), trf.
    #[arg(long, default_value = "table")]
    pub(super) format: String,
    /// Round for `record` (default: the last paired round).
    #[arg(long)]
    pub(super) round: Option<u32>,
    /// Write to this file (atomically) instead of standard output.
    #[arg(short, long)]
    pub(super) output: Option<PathBuf>,
    /// With `--format html`: the printed form, A4 and ready to print — table (成绩表; the
    /// 循环赛成绩表 for a round robin), cross (循环赛成绩表), record (编排记录表), standings (名次),
    /// cards (编排卡), scoresheets (计分单), points-table (象棋比赛积分编排表), groups (an event in
    /// stages: each group's 名次 with its tie-break columns), overall (总名次). Without it,
    /// `--format html` prints the table.
    #[arg(long)]
    pub(super) form: Option<String>,
    /// With `--format csv`: the header language, en (default) or zh (中文表头).
    #[arg(long, default_value = "en")]
    pub(super) lang: String,
}

pub(super) fn export_cmd(a: ExportArgs) -> Result<(), CliError> {
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
            return Err(CliError::input(format!(
                "--format {o}: expected csv, json, html, record, table, trf or lineups"
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
