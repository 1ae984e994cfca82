//! `Ruleset`: a rule edition and its parameters, read from a TOML file.

use std::ops::Range;

use serde::de::{DeserializeOwned, Error as _};
use serde::{Deserialize, Deserializer, Serialize};
use xiangqi_adjudication::{NaturalLimitPolicy, PieceValues};

use crate::edition::{
    DuplicateEdition, EditionRegistration, RuleEdition, builtin_rulesets, find_edition,
};

/// Where a problem in a ruleset file is.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Location {
    /// The file name (or `<builtin:ID>` for an embedded ruleset).
    pub file: String,
    /// 1-based line.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
}

impl std::fmt::Display for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// Why a ruleset cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RulesetError {
    /// A problem inside the file: TOML syntax, an unknown key, a wrong type, a value out of range,
    /// an edition no plugin registers, or an edition-specific option the edition refuses.
    #[error("{at}: {message}")]
    Invalid {
        /// Where.
        at: Location,
        /// What.
        message: String,
    },
    /// Neither an embedded ruleset id nor a readable file.
    #[error("unknown ruleset `{name}` (built-in rulesets: {}; or give a path to a TOML file)", known.join(", "))]
    UnknownRuleset {
        /// What was asked for.
        name: String,
        /// The embedded ids.
        known: Vec<String>,
    },
    /// The file could not be read.
    #[error("{file}: {message}")]
    Io {
        /// The file.
        file: String,
        /// The I/O error.
        message: String,
    },
    /// Two plugins register the same edition id.
    #[error(transparent)]
    Duplicate(#[from] DuplicateEdition),
}

/// A whole number that must lie in `LO..=HI` (checked while reading, so the error points at the
/// value).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Bounded<const LO: i64, const HI: i64>(pub i64);

impl<'de, const LO: i64, const HI: i64> Deserialize<'de> for Bounded<LO, HI> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = i64::deserialize(d)?;
        if (LO..=HI).contains(&v) {
            Ok(Bounded(v))
        } else {
            Err(D::Error::custom(format!(
                "{v} is out of range: expected {LO} to {HI}"
            )))
        }
    }
}

/// The schema version; only `1` exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(transparent)]
pub struct Schema(pub u32);

impl<'de> Deserialize<'de> for Schema {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = i64::deserialize(d)?;
        if v == 1 {
            Ok(Schema(1))
        } else {
            Err(D::Error::custom(format!(
                "unsupported schema {v}: this xq reads schema 1"
            )))
        }
    }
}

/// What happens to a side with no legal move that is not in check (困毙).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum StalemateRule {
    /// It loses (CN-1987, AXF).
    #[default]
    Loss,
    /// The game is drawn.
    Draw,
}

/// The `[adjudication]` table: parameters of the adjudication mechanism.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AdjudicationParams {
    /// The occurrence of a position that calls for a ruling (default 3).
    #[serde(default = "default_repetitions")]
    pub repetitions: Bounded<2, 10>,
    /// The bound, in plies, of the check-only search that detects a mate threat (杀); default 9.
    #[serde(default = "default_mate_plies")]
    pub mate_threat_plies: Bounded<1, 15>,
    /// Moves per side without a capture after which a draw may be claimed (default 60).
    #[serde(default = "default_limit_moves")]
    pub natural_limit_moves: Bounded<1, 1000>,
    /// At most this many of the claimant's checks count toward the limit (default 10).
    #[serde(default = "default_limit_checks")]
    pub natural_limit_max_counted_checks: Bounded<0, 1000>,
    /// No legal move and not in check (困毙): `loss` (default) or `draw`.
    #[serde(default)]
    pub stalemate: StalemateRule,
}

fn default_repetitions() -> Bounded<2, 10> {
    Bounded(3)
}
fn default_mate_plies() -> Bounded<1, 15> {
    Bounded(9)
}
fn default_limit_moves() -> Bounded<1, 1000> {
    Bounded(60)
}
fn default_limit_checks() -> Bounded<0, 1000> {
    Bounded(10)
}

impl Default for AdjudicationParams {
    fn default() -> Self {
        AdjudicationParams {
            repetitions: default_repetitions(),
            mate_threat_plies: default_mate_plies(),
            natural_limit_moves: default_limit_moves(),
            natural_limit_max_counted_checks: default_limit_checks(),
            stalemate: StalemateRule::Loss,
        }
    }
}

impl AdjudicationParams {
    /// The natural-limit policy these parameters describe.
    pub fn natural_limit(&self) -> NaturalLimitPolicy {
        NaturalLimitPolicy {
            moves: self.natural_limit_moves.0 as u32,
            max_counted_checks: self.natural_limit_max_counted_checks.0 as u32,
        }
    }
}

/// The `[piece_values]` table (子力价值), whole units 0–100.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceValueTable {
    /// Rook 车 (default 10).
    #[serde(default = "v10")]
    pub rook: Bounded<0, 100>,
    /// Horse 马 (default 5).
    #[serde(default = "v5")]
    pub horse: Bounded<0, 100>,
    /// Cannon 炮 (default 5).
    #[serde(default = "v5")]
    pub cannon: Bounded<0, 100>,
    /// Advisor 士 (default 2).
    #[serde(default = "v2")]
    pub advisor: Bounded<0, 100>,
    /// Elephant 象 (default 2).
    #[serde(default = "v2")]
    pub elephant: Bounded<0, 100>,
    /// Pawn before the river (default 1).
    #[serde(default = "v1")]
    pub pawn: Bounded<0, 100>,
    /// Pawn across the river (default 1).
    #[serde(default = "v1")]
    pub crossed_pawn: Bounded<0, 100>,
}

fn v10() -> Bounded<0, 100> {
    Bounded(10)
}
fn v5() -> Bounded<0, 100> {
    Bounded(5)
}
fn v2() -> Bounded<0, 100> {
    Bounded(2)
}
fn v1() -> Bounded<0, 100> {
    Bounded(1)
}

impl Default for PieceValueTable {
    fn default() -> Self {
        PieceValueTable {
            rook: v10(),
            horse: v5(),
            cannon: v5(),
            advisor: v2(),
            elephant: v2(),
            pawn: v1(),
            crossed_pawn: v1(),
        }
    }
}

impl PieceValueTable {
    /// As the mechanism's value table.
    pub fn values(&self) -> PieceValues {
        PieceValues {
            rook: self.rook.0 as i32,
            horse: self.horse.0 as i32,
            cannon: self.cannon.0 as i32,
            advisor: self.advisor.0 as i32,
            elephant: self.elephant.0 as i32,
            pawn: self.pawn.0 as i32,
            crossed_pawn: self.crossed_pawn.0 as i32,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuleset {
    schema: Schema,
    id: String,
    edition: toml::Spanned<String>,
    title: String,
    source: String,
    #[serde(default)]
    adjudication: AdjudicationParams,
    #[serde(default)]
    piece_values: PieceValueTable,
    #[serde(default)]
    options: Option<toml::Spanned<toml::Table>>,
    #[serde(default)]
    event: Option<toml::Spanned<toml::Table>>,
    #[serde(default)]
    time_control: Option<toml::Spanned<toml::Table>>,
}

/// A ruleset: which edition, its parameters, where it comes from.
#[derive(Debug, Clone, Serialize)]
pub struct Ruleset {
    /// Schema version (1).
    pub schema: Schema,
    /// The ruleset id (`axf`, `cn-1987`, or a federation's own).
    pub id: String,
    /// The edition id of the plugin that applies it.
    pub edition: String,
    /// Human title.
    pub title: String,
    /// The rule text it follows (citation).
    pub source: String,
    /// Mechanism parameters.
    pub adjudication: AdjudicationParams,
    /// Piece values.
    pub piece_values: PieceValueTable,
    /// Edition-specific options (the `[options]` table), checked by the edition itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub options: Option<toml::Table>,
    /// How events under this ruleset are paired and scored: the `[event]` table as written, kept
    /// raw (its owner, `xiangqi_scheduling::EventConfig::from_table`, reads it; read it with its
    /// locations through [`Ruleset::section`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event: Option<toml::Table>,
    /// The `[time_control]` table as written, kept raw: its owner, the `xiangqi-game` crate
    /// (`TimeControl::from_ruleset`), reads it with its locations through [`Ruleset::section`].
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time_control: Option<toml::Table>,
    #[serde(skip)]
    file: String,
    #[serde(skip)]
    text: String,
    #[serde(skip)]
    edition_span: Range<usize>,
    #[serde(skip)]
    options_span: Option<Range<usize>>,
    #[serde(skip)]
    event_span: Option<Range<usize>>,
    #[serde(skip)]
    time_control_span: Option<Range<usize>>,
}

/// Line and column (1-based, column in characters) of byte offset `at` in `text`.
fn line_col(text: &str, at: usize) -> (usize, usize) {
    let at = at.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

impl Ruleset {
    /// Reads a ruleset from TOML text; `file` names it in errors. Checks everything but the
    /// edition (see [`Ruleset::build`]).
    pub fn from_toml(text: &str, file: &str) -> Result<Ruleset, RulesetError> {
        let raw: RawRuleset = toml::from_str(text).map_err(|e| {
            let at = e.span().map_or(0, |s| s.start);
            RulesetError::Invalid {
                at: Self::location_in(text, file, at),
                message: e.message().trim().to_string(),
            }
        })?;
        Ok(Ruleset {
            schema: raw.schema,
            id: raw.id,
            edition_span: raw.edition.span(),
            edition: raw.edition.into_inner(),
            title: raw.title,
            source: raw.source,
            adjudication: raw.adjudication,
            piece_values: raw.piece_values,
            options_span: raw.options.as_ref().map(|o| o.span()),
            options: raw.options.map(|o| o.into_inner()),
            event_span: raw.event.as_ref().map(|o| o.span()),
            event: raw.event.map(|o| o.into_inner()),
            time_control_span: raw.time_control.as_ref().map(|t| t.span()),
            time_control: raw.time_control.map(|t| t.into_inner()),
            file: file.to_string(),
            text: text.to_string(),
        })
    }

    /// A ruleset shipped by a linked edition, by id (the editions' registrations name the files
    /// they embed). Two editions shipping the same id is an error.
    pub fn builtin(id: &str) -> Option<Result<Ruleset, RulesetError>> {
        let found: Vec<_> = builtin_rulesets()
            .into_iter()
            .filter(|(b, _)| b.id == id)
            .collect();
        let file = format!("<builtin:{id}>");
        match found.as_slice() {
            [] => None,
            [(b, _)] => Some(Ruleset::from_toml(b.text, &file)),
            [(_, first), (_, second), ..] => Some(Err(RulesetError::Invalid {
                at: Location {
                    file,
                    line: 1,
                    column: 1,
                },
                message: format!(
                    "ruleset `{id}` is shipped by two editions: `{}` and `{}`",
                    first.id, second.id
                ),
            })),
        }
    }

    /// The ids of the rulesets the linked editions ship, sorted, each once.
    pub fn builtin_ids() -> Vec<String> {
        let mut ids: Vec<String> = builtin_rulesets()
            .into_iter()
            .map(|(b, _)| b.id.to_string())
            .collect();
        ids.dedup();
        ids
    }

    /// The ids of the shipped rulesets whose edition is linked and registered once (every
    /// shipped ruleset names its own edition or one linked beside it).
    pub fn linked_builtin_ids() -> Result<Vec<String>, DuplicateEdition> {
        let linked: Vec<&str> = crate::edition::editions()?.iter().map(|r| r.id).collect();
        Ok(Ruleset::builtin_ids()
            .into_iter()
            .filter(|id| {
                Ruleset::builtin(id)
                    .and_then(|r| r.ok())
                    .is_some_and(|r| linked.contains(&r.edition.as_str()))
            })
            .collect())
    }

    /// The shipped rulesets of the linked editions that are built on no other edition (today
    /// `axf` and `cn-1987`): the default set a front end judges under when none is named. The
    /// successors (`cn-2020`, `computer-2007`, …) are judged when asked for by id.
    pub fn linked_root_builtin_ids() -> Result<Vec<String>, DuplicateEdition> {
        let roots: Vec<&str> = crate::edition::editions()?
            .iter()
            .filter(|r| r.base.is_none())
            .map(|r| r.id)
            .collect();
        Ok(Ruleset::linked_builtin_ids()?
            .into_iter()
            .filter(|id| {
                Ruleset::builtin(id)
                    .and_then(|r| r.ok())
                    .is_some_and(|r| roots.contains(&r.edition.as_str()))
            })
            .collect())
    }

    /// A ruleset by embedded id, else by path to a TOML file.
    pub fn load(name: &str) -> Result<Ruleset, RulesetError> {
        if let Some(r) = Ruleset::builtin(name) {
            return r;
        }
        let path = std::path::Path::new(name);
        if path.exists() {
            let text = std::fs::read_to_string(path).map_err(|e| RulesetError::Io {
                file: name.to_string(),
                message: e.to_string(),
            })?;
            return Ruleset::from_toml(&text, name);
        }
        Err(RulesetError::UnknownRuleset {
            name: name.to_string(),
            known: Ruleset::builtin_ids(),
        })
    }

    /// The file (or `<builtin:ID>`) it was read from.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The TOML text it was read from.
    pub fn text(&self) -> &str {
        &self.text
    }

    fn location_in(text: &str, file: &str, at: usize) -> Location {
        let (line, column) = line_col(text, at);
        Location {
            file: file.to_string(),
            line,
            column,
        }
    }

    /// Where the `[time_control]` table starts, if the ruleset has one.
    pub fn time_control_location(&self) -> Option<Location> {
        self.section_span("time_control")
            .map(|s| self.location(s.start))
    }

    /// The location of byte offset `at` of the file.
    pub fn location(&self, at: usize) -> Location {
        Self::location_in(&self.text, &self.file, at)
    }

    /// An error located at the `edition = …` value.
    pub fn error_at_edition(&self, message: impl Into<String>) -> RulesetError {
        RulesetError::Invalid {
            at: self.location(self.edition_span.start),
            message: message.into(),
        }
    }

    /// The registration of this ruleset's edition, or an error located at `edition = …`.
    pub fn registration(&self) -> Result<&'static EditionRegistration, RulesetError> {
        match find_edition(&self.edition)? {
            Some(r) => Ok(r),
            None => {
                let known: Vec<&str> = crate::edition::editions()?.iter().map(|r| r.id).collect();
                Err(self.error_at_edition(format!(
                    "no linked plugin registers edition `{}` (registered: {})",
                    self.edition,
                    if known.is_empty() {
                        "none".to_string()
                    } else {
                        known.join(", ")
                    }
                )))
            }
        }
    }

    /// Reads the top-level table `name` (`event`, …) of the file into its owner's type `T` (use
    /// `#[serde(deny_unknown_fields)]` on it): `None` when the table is absent. An error points
    /// at the offending key or value (file, line, column).
    pub fn section<T: DeserializeOwned>(&self, name: &str) -> Result<Option<T>, RulesetError> {
        section_of::<T>(&self.text, name).map_err(|e| {
            let at = e
                .span()
                .map(|s| s.start)
                .or(self.section_span(name).map(|s| s.start))
                .unwrap_or(0);
            RulesetError::Invalid {
                at: self.location(at),
                message: e.message().trim().to_string(),
            }
        })
    }

    fn section_span(&self, name: &str) -> Option<Range<usize>> {
        match name {
            "event" => self.event_span.clone(),
            "options" => self.options_span.clone(),
            "time_control" => self.time_control_span.clone(),
            _ => None,
        }
    }

    /// An error about the table `name`, located at its key `key` when given and present, else at
    /// the table (else at `edition = …`). For checks the owner makes after reading the table
    /// (a value out of range, an inconsistent combination).
    pub fn error_in_section(
        &self,
        name: &str,
        key: Option<&str>,
        message: impl Into<String>,
    ) -> RulesetError {
        let key_at = key.and_then(|k| {
            section_of::<std::collections::BTreeMap<String, toml::Spanned<toml::Value>>>(
                &self.text, name,
            )
            .ok()
            .flatten()
            .and_then(|m| m.get(k).map(|v| v.span().start))
        });
        match key_at.or(self.section_span(name).map(|s| s.start)) {
            Some(at) => RulesetError::Invalid {
                at: self.location(at),
                message: message.into(),
            },
            None => self.error_at_edition(message),
        }
    }

    /// The same ruleset with the search bound `key` set to `value`: in `[adjudication]` when that
    /// table holds the key (`mate_threat_plies`), else in `[options]` (the edition's own bounds,
    /// `gain_max_checks` …). For showing what a ruling would be one bound lower.
    pub fn with_bound(&self, key: &str, value: u32) -> Result<Ruleset, RulesetError> {
        let invalid = |message: String| RulesetError::Invalid {
            at: self.location(0),
            message,
        };
        let mut doc: toml::Table = self
            .text
            .parse()
            .map_err(|e: toml::de::Error| invalid(e.message().trim().to_string()))?;
        let adj = doc
            .get_mut("adjudication")
            .and_then(|t| t.as_table_mut())
            .filter(|t| t.contains_key(key));
        let table = match adj {
            Some(t) => t,
            None => doc
                .entry("options")
                .or_insert_with(|| toml::Value::Table(toml::Table::new()))
                .as_table_mut()
                .ok_or_else(|| invalid("[options] is not a table".into()))?,
        };
        table.insert(key.to_string(), toml::Value::Integer(i64::from(value)));
        let text = toml::to_string(&doc).map_err(|e| invalid(e.to_string()))?;
        Ruleset::from_toml(&text, &self.file)
    }

    /// Builds the edition this ruleset names, with its parameters.
    pub fn build(&self) -> Result<Box<dyn RuleEdition>, RulesetError> {
        let reg = self.registration()?;
        (reg.build)(&EditionParams { ruleset: self })
    }
}

/// Deserializes the top-level table `name` of a TOML document into `T`, ignoring the rest, with
/// the document's spans in errors.
fn section_of<T: DeserializeOwned>(text: &str, name: &str) -> Result<Option<T>, toml::de::Error> {
    use serde::de::{DeserializeSeed, IgnoredAny, MapAccess, Visitor};
    struct Section<'n, T>(&'n str, std::marker::PhantomData<T>);
    impl<'de, T: DeserializeOwned> Visitor<'de> for Section<'_, T> {
        type Value = Option<T>;
        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("a TOML document")
        }
        fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<T>, A::Error> {
            let mut found = None;
            while let Some(key) = map.next_key::<String>()? {
                if key == self.0 {
                    found = Some(map.next_value::<T>()?);
                } else {
                    map.next_value::<IgnoredAny>()?;
                }
            }
            Ok(found)
        }
    }
    impl<'de, T: DeserializeOwned> DeserializeSeed<'de> for Section<'_, T> {
        type Value = Option<T>;
        fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
            d.deserialize_map(self)
        }
    }
    Section::<T>(name, std::marker::PhantomData).deserialize(toml::Deserializer::new(text))
}

/// What an edition's `build` function receives: the ruleset, with helpers to read the
/// edition-specific `[options]` table with exact error locations.
#[derive(Debug, Clone, Copy)]
pub struct EditionParams<'a> {
    /// The ruleset.
    pub ruleset: &'a Ruleset,
}

impl EditionParams<'_> {
    /// The `[adjudication]` parameters.
    pub fn adjudication(&self) -> &AdjudicationParams {
        &self.ruleset.adjudication
    }

    /// The piece values.
    pub fn values(&self) -> PieceValues {
        self.ruleset.piece_values.values()
    }

    /// Reads the `[options]` table into the edition's own type (use
    /// `#[serde(deny_unknown_fields)]` on it); `None` when the table is absent. Errors point at
    /// the offending key or value.
    pub fn options<T: DeserializeOwned>(&self) -> Result<Option<T>, RulesetError> {
        #[derive(Deserialize)]
        struct Only<T> {
            #[serde(default = "none")]
            options: Option<T>,
            #[serde(flatten)]
            _rest: std::collections::BTreeMap<String, toml::Value>,
        }
        fn none<T>() -> Option<T> {
            None
        }
        if self.ruleset.options.is_none() {
            return Ok(None);
        }
        let text = &self.ruleset.text;
        toml::from_str::<Only<T>>(text)
            .map(|o| o.options)
            .map_err(|e| {
                let at = e
                    .span()
                    .map(|s| s.start)
                    .or(self.ruleset.options_span.as_ref().map(|s| s.start))
                    .unwrap_or(0);
                RulesetError::Invalid {
                    at: self.ruleset.location(at),
                    message: e.message().trim().to_string(),
                }
            })
    }

    /// An error located at the `[options]` table (or at `edition = …` without one).
    pub fn error(&self, message: impl Into<String>) -> RulesetError {
        match &self.ruleset.options_span {
            Some(s) => RulesetError::Invalid {
                at: self.ruleset.location(s.start),
                message: message.into(),
            },
            None => self.ruleset.error_at_edition(message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "schema = 1\nid = \"x\"\nedition = \"axf\"\ntitle = \"t\"\nsource = \"s\"\n[event]\npairing = \"berger\"\ngames_per_match = 3\n";

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Event {
        pairing: String,
        games_per_match: u8,
    }

    #[test]
    fn a_section_is_kept_raw_and_read_by_its_owner_with_locations() {
        let rs = Ruleset::from_toml(TEXT, "f.toml").unwrap();
        let raw = rs.event.as_ref().unwrap();
        assert_eq!(raw["pairing"].as_str(), Some("berger"));
        let ev: Event = rs.section("event").unwrap().unwrap();
        assert_eq!((ev.pairing.as_str(), ev.games_per_match), ("berger", 3));
        assert!(rs.section::<Event>("nothing").unwrap().is_none());
        // a check the owner makes afterwards is located at the key's value
        let e = rs.error_in_section("event", Some("games_per_match"), "must be 1 or 2");
        assert_eq!(e.to_string(), "f.toml:8:19: must be 1 or 2");
        // without the key: at the table
        let e = rs.error_in_section("event", Some("absent"), "bad");
        assert_eq!(e.to_string(), "f.toml:6:1: bad");
        // an unknown key of the owner's type is located at the key
        let bad = TEXT.replace("pairing", "pairng");
        let rs = Ruleset::from_toml(&bad, "f.toml").unwrap();
        let e = rs.section::<Event>("event").unwrap_err();
        assert!(
            e.to_string()
                .starts_with("f.toml:7:1: unknown field `pairng`"),
            "{e}"
        );
    }
}
