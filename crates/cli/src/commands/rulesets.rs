//! `xq rulesets list | show ID | check FILE…`: the rules catalogue.

use std::io::Write as _;

use xiangqi::rules::{Ruleset, editions};

use crate::CliError;

/// Arguments of `xq rulesets`.
#[derive(clap::Args, Debug)]
pub struct RulesetsArgs {
    #[command(subcommand)]
    command: Command,
}

#[derive(clap::Subcommand, Debug)]
enum Command {
    /// The built-in rulesets and the linked editions.
    List {
        /// Machine-readable output: {"rulesets":[{"id","edition","title","source"}]}.
        #[arg(long)]
        json: bool,
    },
    /// One ruleset (built-in id or TOML file) with every parameter.
    Show {
        /// Ruleset id or path.
        id: String,
        /// Machine-readable output.
        #[arg(long)]
        json: bool,
    },
    /// Check ruleset files: TOML schema, value ranges (the `[event]` table's too), and that a
    /// linked plugin provides the edition. Exit 2 at the first problem list (each problem with file, line and column).
    /// An accepted ruleset whose options make judging costly is named with a warning (which option, why).
    Check {
        /// The files (or built-in ids).
        #[arg(required = true)]
        files: Vec<String>,
        /// Machine-readable output: {"checked":[{"file","ok","id","edition","error","warnings"}]}.
        #[arg(long)]
        json: bool,
    },
}

fn out_line(s: &str) -> Result<(), CliError> {
    writeln!(std::io::stdout().lock(), "{s}").map_err(CliError::output)
}

/// Runs `xq rulesets`.
pub fn run(args: RulesetsArgs) -> Result<(), CliError> {
    match args.command {
        Command::List { json } => {
            let linked: Vec<&str> = editions()
                .map_err(CliError::input)?
                .iter()
                .map(|r| r.id)
                .collect();
            let mut rows = Vec::new();
            for id in Ruleset::builtin_ids() {
                let rs = Ruleset::load(&id).map_err(CliError::internal)?;
                rows.push(rs);
            }
            if json {
                let list: Vec<serde_json::Value> = rows
                    .iter()
                    .map(|r| {
                        serde_json::json!({
                            "id": r.id, "edition": r.edition, "title": r.title, "source": r.source,
                            "edition_linked": linked.contains(&r.edition.as_str()),
                        })
                    })
                    .collect();
                let eds: Vec<serde_json::Value> = editions()
                    .map_err(CliError::input)?
                    .iter()
                    .map(|e| serde_json::json!({"id": e.id, "title": e.title}))
                    .collect();
                out_line(&serde_json::json!({ "rulesets": list, "editions": eds }).to_string())?;
            } else {
                for r in &rows {
                    let mark = if linked.contains(&r.edition.as_str()) {
                        ""
                    } else {
                        "  [edition not linked]"
                    };
                    out_line(&format!(
                        "{:<10} edition {:<10} {}{mark}\n           source: {}",
                        r.id, r.edition, r.title, r.source
                    ))?;
                }
                out_line(&format!(
                    "linked editions: {}",
                    if linked.is_empty() {
                        "none".to_string()
                    } else {
                        linked.join(", ")
                    }
                ))?;
            }
            Ok(())
        }
        Command::Show { id, json } => {
            let rs = Ruleset::load(&id).map_err(CliError::input)?;
            if json {
                let mut v = serde_json::to_value(&rs).map_err(CliError::internal)?;
                v["file"] = serde_json::Value::String(rs.file().to_string());
                out_line(&serde_json::to_string_pretty(&v).map_err(CliError::internal)?)
            } else {
                out_line(&format!("# {} ({})", rs.file(), rs.title))?;
                out_line(rs.text().trim_end())
            }
        }
        Command::Check { files, json } => {
            let mut results = Vec::new();
            let mut first_error = None;
            for f in &files {
                // the edition checks its parameters, the scheduling crate the `[event]` table,
                // the game log crate the `[time_control]` table
                let mut warnings = Vec::new();
                let r = Ruleset::load(f)
                    .and_then(|rs| {
                        rs.build().map(|edition| {
                            // accepted, but costly options are named with the reason
                            warnings = edition.cost_warnings();
                            rs
                        })
                    })
                    .and_then(|rs| crate::commands::event::event_config_of(&rs).map(|_| rs))
                    .map_err(|e| e.to_string())
                    .and_then(|rs| {
                        xiangqi::game::TimeControl::from_ruleset(&rs)
                            .map(|_| rs)
                            .map_err(|e| e.to_string())
                    });
                match r {
                    Ok(rs) => {
                        let mut v = serde_json::json!({"file": f, "ok": true, "id": rs.id, "edition": rs.edition});
                        if !warnings.is_empty() {
                            v["warnings"] = serde_json::json!(warnings);
                        }
                        results.push(v);
                    }
                    Err(e) => {
                        results.push(
                            serde_json::json!({"file": f, "ok": false, "error": e.to_string()}),
                        );
                        first_error.get_or_insert(e);
                    }
                }
            }
            if json {
                out_line(&serde_json::json!({ "checked": results }).to_string())?;
            } else {
                for r in &results {
                    if r["ok"] == true {
                        out_line(&format!(
                            "{}: ok (ruleset {}, edition {})",
                            r["file"].as_str().unwrap_or(""),
                            r["id"].as_str().unwrap_or(""),
                            r["edition"].as_str().unwrap_or("")
                        ))?;
                        for w in r["warnings"].as_array().into_iter().flatten() {
                            out_line(&format!("  warning: {}", w.as_str().unwrap_or("")))?;
                        }
                    }
                }
            }
            match first_error {
                None => Ok(()),
                Some(_) => {
                    let all: Vec<String> = results
                        .iter()
                        .filter_map(|r| r["error"].as_str().map(str::to_string))
                        .collect();
                    Err(CliError::input(all.join("\nxq: ")))
                }
            }
        }
    }
}
