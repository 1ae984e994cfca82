//! Rulesets and judging: `judge` (one game) and `judge_batch` (a database, in parallel) give the
//! same result classes, `Judgement` and `Ruling`, made by the same library call
//! (`xiangqi::batch::judge_game_full`: only the plies of repetition cycles classified). Every
//! ply's class (`Ruling.plies`) and the `xq judge --json` document (`to_json`) are computed the
//! first time they are asked for.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, OnceLock};

use pyo3::exceptions::{PyStopIteration, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use xiangqi::adjudication::GameRecord;
use xiangqi::batch::{Batch, BatchGame, GameReport, GameRulings};
use xiangqi::board::Setup;
use xiangqi::game::declared::{Declared, normalise};
use xiangqi::movegen::Position as RsPosition;
use xiangqi::notation;
use xiangqi::rules::{Arbiter, JudgeOptions, Ruleset as RsRuleset, Ruling as RsRuling};

use crate::board::{MoveArg, mode};
use crate::games::Game;
use crate::{
    FenError, GameFileError, MoveError, Reduced, RulesetError, error, internal, json_to_py,
};

// ---------------------------------------------------------------------------------------------
// Rulesets

/// A ruleset: a built-in id (`cn-1987`, `axf`) or a TOML file, with the edition that reads it.
///
/// >>> from xiangqi_rules import Ruleset
/// >>> rs = Ruleset("axf")
/// >>> rs.id, rs.edition
/// ('axf', 'axf')
#[pyclass(module = "xiangqi_rules", frozen)]
struct Ruleset {
    ruleset: RsRuleset,
}

fn load_ruleset(name: &str) -> PyResult<RsRuleset> {
    RsRuleset::load(name).map_err(|e| error::<RulesetError>(e, Some(name), None, None))
}

fn checked(ruleset: RsRuleset, name: &str) -> PyResult<Ruleset> {
    // A ruleset whose edition is not linked is refused here rather than at judging.
    Arbiter::new(ruleset.clone()).map_err(|e| error::<RulesetError>(e, Some(name), None, None))?;
    Ok(Ruleset { ruleset })
}

#[pymethods]
impl Ruleset {
    /// Loads a built-in ruleset by id, or a ruleset TOML file by path; raises `RulesetError`.
    #[new]
    fn new(id_or_path: std::path::PathBuf) -> PyResult<Ruleset> {
        let name = id_or_path.to_string_lossy().into_owned();
        checked(load_ruleset(&name)?, &name)
    }

    /// A ruleset from its TOML text (`file` names it in errors); raises `RulesetError`.
    #[staticmethod]
    #[pyo3(signature = (text, file = "<text>"))]
    fn from_toml(text: &str, file: &str) -> PyResult<Ruleset> {
        let r = RsRuleset::from_toml(text, file)
            .map_err(|e| error::<RulesetError>(e, Some(file), None, None))?;
        checked(r, file)
    }

    /// The ruleset id.
    #[getter]
    fn id(&self) -> String {
        self.ruleset.id.clone()
    }

    /// The edition (the rule book) that reads it.
    #[getter]
    fn edition(&self) -> String {
        self.ruleset.edition.clone()
    }

    /// Its title.
    #[getter]
    fn title(&self) -> String {
        self.ruleset.title.clone()
    }

    /// Where its rules come from.
    #[getter]
    fn source(&self) -> String {
        self.ruleset.source.clone()
    }

    /// The TOML text it was read from.
    fn toml(&self) -> String {
        self.ruleset.text().to_string()
    }

    fn __repr__(&self) -> String {
        format!("Ruleset('{}')", self.ruleset.id)
    }

    /// Pickled as its TOML text, so that it unpickles where its file is not.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String, String))> {
        Ok((
            py.get_type::<Ruleset>().getattr("from_toml")?,
            (
                self.ruleset.text().to_string(),
                self.ruleset.file().to_string(),
            ),
        ))
    }
}

/// The built-in rulesets: dicts `{"id", "edition", "title", "source", "edition_linked"}`, as
/// `xq rulesets list --json` lists them.
///
/// >>> from xiangqi_rules import rulesets
/// >>> [r["id"] for r in rulesets()][:2]
/// ['axf', 'cn-1987']
#[pyfunction]
fn rulesets(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let linked: Vec<&str> = xiangqi::rules::editions()
        .map_err(|e| error::<RulesetError>(e, None, None, None))?
        .iter()
        .map(|r| r.id)
        .collect();
    let list = PyList::empty(py);
    for id in RsRuleset::builtin_ids() {
        let r = load_ruleset(&id)?;
        let d = PyDict::new(py);
        d.set_item("id", &r.id)?;
        d.set_item("edition", &r.edition)?;
        d.set_item("title", &r.title)?;
        d.set_item("source", &r.source)?;
        d.set_item("edition_linked", linked.contains(&r.edition.as_str()))?;
        list.append(d)?;
    }
    Ok(list)
}

/// The rulesets judged under when none are named: the CLI's default (`xq judge` without
/// `--ruleset`), every built-in ruleset of a linked root edition, today `["axf", "cn-1987"]`.
///
/// >>> from xiangqi_rules import default_rulesets
/// >>> default_rulesets()
/// ['axf', 'cn-1987']
#[pyfunction]
pub(crate) fn default_rulesets() -> PyResult<Vec<String>> {
    // The editions are linked into the module: the list is the same for the life of the process.
    static IDS: OnceLock<Result<Vec<String>, String>> = OnceLock::new();
    IDS.get_or_init(|| RsRuleset::linked_root_builtin_ids().map_err(|e| e.to_string()))
        .clone()
        .map_err(|e| error::<RulesetError>(e, None, None, None))
}

/// The built-in ruleset ids (fixed for the life of the process, as the editions are linked in).
fn builtin_ids() -> &'static [String] {
    static IDS: OnceLock<Vec<String>> = OnceLock::new();
    IDS.get_or_init(RsRuleset::builtin_ids)
}

/// Arbiters by the list of built-in ruleset ids they were built for.
type ArbiterCache = HashMap<Vec<String>, Arc<[Arbiter]>>;

/// The arbiters already built for a list of built-in ruleset ids: a built-in ruleset cannot
/// change, and loading one (its TOML) and building its edition costs more than judging a short
/// game. Rulesets from files are read afresh on every call; `Ruleset` objects are built once.
fn cached_arbiters() -> &'static Mutex<ArbiterCache> {
    static CACHE: OnceLock<Mutex<ArbiterCache>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// A ruleset argument: a `Ruleset`, or an id or a path.
#[derive(FromPyObject)]
enum RulesetArg {
    Ruleset(Py<Ruleset>),
    Name(std::path::PathBuf),
}

fn arbiters(rulesets: Option<Vec<RulesetArg>>) -> PyResult<Arc<[Arbiter]>> {
    let args = match rulesets {
        Some(a) => a,
        None => default_rulesets()?
            .into_iter()
            .map(|s| RulesetArg::Name(s.into()))
            .collect(),
    };
    if args.is_empty() {
        return Err(error::<RulesetError>(
            "no ruleset to judge under (give rulesets)",
            None,
            None,
            None,
        ));
    }
    // Every argument a built-in id (as `RsRuleset::load` reads it first): the cached arbiters.
    let key: Option<Vec<String>> = args
        .iter()
        .map(|a| match a {
            RulesetArg::Name(p) => p
                .to_str()
                .filter(|s| builtin_ids().iter().any(|id| id == s))
                .map(str::to_string),
            RulesetArg::Ruleset(_) => None,
        })
        .collect();
    if let Some(k) = &key
        && let Some(a) = cached_arbiters()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(k)
    {
        return Ok(a.clone());
    }
    let built: Arc<[Arbiter]> = args
        .into_iter()
        .map(|a| {
            let (rs, name) = match a {
                RulesetArg::Ruleset(r) => {
                    let r = r.get().ruleset.clone();
                    let name = r.id.clone();
                    (r, name)
                }
                RulesetArg::Name(p) => {
                    let name = p.to_string_lossy().into_owned();
                    (load_ruleset(&name)?, name)
                }
            };
            Arbiter::new(rs).map_err(|e| error::<RulesetError>(e, Some(&name), None, None))
        })
        .collect::<PyResult<_>>()?;
    if let Some(k) = key {
        cached_arbiters()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(k, built.clone());
    }
    Ok(built)
}

// ---------------------------------------------------------------------------------------------
// Words

/// A ruling's reason word in Chinese (`perpetual-check` → 长将); an unknown word as given.
fn reason_zh(reason: &str) -> String {
    let zh = match reason {
        "none" => "无",
        "checkmate" => "将死",
        "stalemate" => "困毙",
        "repetition" => "不变作和",
        "perpetual-check" => "长将",
        "perpetual-chase" => "长捉",
        "perpetual-mate-threat" => "长杀",
        "perpetual-attack" => "长打",
        "mutual-perpetual-check" => "双方长将",
        "mutual-perpetual-chase" => "双方长捉",
        "no-violation" => "双方不违例",
        "red-must-vary" => "红方应变着",
        "black-must-vary" => "黑方应变着",
        "natural-limit" => "自然限着",
        "natural-limit-claimable" => "可按自然限着提和",
        "nine-move-rule" => "九着规则",
        "no-attacking-pieces" => "双方无进攻子力",
        xiangqi::rules::UNDECIDED_BUDGET => "搜索超限，未能判定",
        other => return xiangqi::game::paper::reason_words(other).to_string(),
    };
    zh.to_string()
}

fn outcome_zh(outcome: &str) -> &'static str {
    match outcome {
        "red-wins" => "红胜",
        "black-wins" => "黑胜",
        "draw" => "和棋",
        _ => "未结束",
    }
}

// ---------------------------------------------------------------------------------------------
// Ruling and Judgement

/// What the per-ply classes and the full document are computed from, while it is at hand.
struct Source {
    arbiters: Arc<[Arbiter]>,
    record: GameRecord,
    declared: Option<Declared>,
}

impl Source {
    /// Every ruling with every ply classified (what `xq judge --json` shows).
    fn full(&self) -> Vec<RsRuling> {
        xiangqi::judgement::judge_all(&self.arbiters, &self.record)
    }
}

fn pretty(r: &RsRuling) -> PyResult<String> {
    serde_json::to_string_pretty(r).map_err(internal)
}

/// One ruleset's ruling on a game: the outcome and why (in English and Chinese), the repetition
/// rulings with each side's label (长将, 长捉, 闲 …), the natural move limit, and — computed on
/// first use — every ply's class with its targets. The same class comes from `judge` and from
/// `judge_batch`.
#[pyclass(module = "xiangqi_rules", frozen)]
pub(crate) struct Ruling {
    ruleset: String,
    edition: String,
    outcome: String,
    reason: String,
    decided_at_ply: Option<usize>,
    repetition: serde_json::Value,
    repetitions: serde_json::Value,
    run: serde_json::Value,
    natural_limit: serde_json::Value,
    explanation: Vec<String>,
    /// The JSON of the ruling with every ply classified.
    full: OnceLock<String>,
    source: Option<(Arc<Source>, usize)>,
}

impl Ruling {
    fn from_rs(r: &RsRuling, source: Option<(Arc<Source>, usize)>) -> PyResult<Ruling> {
        Ok(Ruling {
            ruleset: r.ruleset.clone(),
            edition: r.edition.clone(),
            outcome: r.outcome.as_str().to_string(),
            reason: r.reason.clone(),
            decided_at_ply: r.decided_at_ply,
            repetition: v(&r.repetition)?,
            repetitions: v(&r.repetitions)?,
            run: v(&r.run)?,
            natural_limit: v(&r.natural_limit)?,
            explanation: r.explanation.clone(),
            full: OnceLock::new(),
            source,
        })
    }

    fn from_json(text: String) -> PyResult<Ruling> {
        let v: serde_json::Value = serde_json::from_str(&text)
            .map_err(|e| PyValueError::new_err(format!("ruling JSON: {e}")))?;
        let s = |k: &str| v[k].as_str().unwrap_or_default().to_string();
        let r = Ruling {
            ruleset: s("ruleset"),
            edition: s("edition"),
            outcome: s("outcome"),
            reason: s("reason"),
            decided_at_ply: v["decided_at_ply"].as_u64().map(|n| n as usize),
            repetition: v["repetition"].clone(),
            repetitions: v["repetitions"].clone(),
            run: v.get("run").cloned().unwrap_or(serde_json::Value::Null),
            natural_limit: v["natural_limit"].clone(),
            explanation: v["explanation"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|x| x.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default(),
            full: OnceLock::new(),
            source: None,
        };
        let _ = r.full.set(text);
        Ok(r)
    }

    /// The JSON of the ruling with every ply classified, computed once (the GIL released).
    fn full_json(&self, py: Python<'_>) -> PyResult<String> {
        if let Some(t) = self.full.get() {
            return Ok(t.clone());
        }
        let Some((src, i)) = &self.source else {
            return Err(internal("ruling without its game"));
        };
        let r = py.allow_threads(|| {
            src.arbiters[*i].judge(&src.record, JudgeOptions { classify_all: true })
        });
        let text = pretty(&r)?;
        let _ = self.full.set(text.clone());
        Ok(text)
    }
}

/// A serializable value as a `serde_json::Value`.
fn v<T: serde::Serialize>(x: &T) -> PyResult<serde_json::Value> {
    serde_json::to_value(x).map_err(internal)
}

fn value_to_py<'py>(py: Python<'py>, v: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    json_to_py(py, &v.to_string())
}

#[pymethods]
impl Ruling {
    /// How a `Ruling` is unpickled: its JSON (`to_json()`).
    #[staticmethod]
    fn _from_json(text: String) -> PyResult<Ruling> {
        Ruling::from_json(text)
    }

    /// The ruleset id.
    #[getter]
    fn ruleset(&self) -> String {
        self.ruleset.clone()
    }

    /// The edition id.
    #[getter]
    fn edition(&self) -> String {
        self.edition.clone()
    }

    /// `ongoing`, `red-wins`, `black-wins` or `draw`.
    #[getter]
    fn outcome(&self) -> String {
        self.outcome.clone()
    }

    /// The outcome in Chinese: 未结束, 红胜, 黑胜, 和棋.
    #[getter]
    fn outcome_zh(&self) -> &'static str {
        outcome_zh(&self.outcome)
    }

    /// Why (`checkmate`, `stalemate`, `perpetual-check`, `perpetual-chase`, `repetition`,
    /// `red-must-vary`, `natural-limit-claimable`, `none`, …).
    #[getter]
    fn reason(&self) -> String {
        self.reason.clone()
    }

    /// Why, in Chinese (将死, 困毙, 长将, 长捉, 不变作和, 红方应变着, …).
    #[getter]
    fn reason_zh(&self) -> String {
        reason_zh(&self.reason)
    }

    /// The ply at which the outcome was decided, or `None`.
    #[getter]
    fn decided_at_ply(&self) -> Option<usize> {
        self.decided_at_ply
    }

    /// The decisive (or last) repetition ruling: a dict `{"verdict", "red", "black",
    /// "first_ply", "last_ply", "reason", "explanation", …}`, or `None`.
    #[getter]
    fn repetition<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value_to_py(py, &self.repetition)
    }

    /// Every repetition ruling made, in order, up to the decision (a list, from `judge` and
    /// `judge_batch` alike).
    #[getter]
    fn repetitions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value_to_py(py, &self.repetitions)
    }

    /// The ruling on a run that is not a repetition (cn-2020's nine-move rule): a dict like
    /// `repetition`'s (its `explanation` names the run's plies and moves), or `None`.
    #[getter]
    fn run<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value_to_py(py, &self.run)
    }

    /// Every ply, classified: dicts `{"ply", "move", "side", "class", "label", "targets", …}`
    /// (computed on first use: classifying every ply is most of the cost of a full ruling).
    #[getter]
    fn plies<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let doc = json_to_py(py, &self.full_json(py)?)?;
        doc.get_item("plies")
    }

    /// The natural move limit accounting, if the edition has one.
    #[getter]
    fn natural_limit<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        value_to_py(py, &self.natural_limit)
    }

    /// The reasoning, in plain sentences.
    #[getter]
    fn explanation(&self) -> Vec<String> {
        self.explanation.clone()
    }

    /// This ruling as JSON, every ply classified (an element of `rulings` in `xq judge
    /// --json`).
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        self.full_json(py)
    }

    /// `to_json()` as Python objects.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.full_json(py)?)
    }

    fn __repr__(&self) -> String {
        format!(
            "<Ruling {}: {} ({})>",
            self.ruleset, self.outcome, self.reason
        )
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((
            py.get_type::<Ruling>().getattr("_from_json")?,
            (self.full_json(py)?,),
        ))
    }
}

/// The rulings of one game under several rulesets, in the order asked, and what the game file
/// says about it — the same class from `judge` and from `judge_batch`. `to_json()` is the text
/// `xq judge --json` prints (with the editions' readings where they differ, computed on first
/// use); `to_json_line()` the game's line of `xq judge --batch --json`.
#[pyclass(module = "xiangqi_rules", frozen)]
pub(crate) struct Judgement {
    game: usize,
    id: String,
    tags: BTreeMap<String, String>,
    result: Option<String>,
    ply_count: usize,
    error: Option<String>,
    unreadable: bool,
    disagree: bool,
    line: String,
    rulings: Vec<Py<Ruling>>,
    doc: OnceLock<String>,
    source: Option<Arc<Source>>,
}

/// A judged game before it becomes Python objects (built without the GIL).
struct Parts {
    report: GameReport,
    line: String,
    rulings: Vec<Ruling>,
    source: Option<Arc<Source>>,
}

fn parts(
    report: GameReport,
    full: Option<GameRulings>,
    arbiters: &Arc<[Arbiter]>,
    declared: Option<Declared>,
) -> PyResult<Parts> {
    let line = xiangqi::batch::report_json(&report).map_err(internal)?;
    let (rulings, source) = match full {
        None => (Vec::new(), None),
        Some(GameRulings { record, rulings }) => {
            let src = Arc::new(Source {
                arbiters: arbiters.clone(),
                record,
                declared,
            });
            let rs = rulings
                .iter()
                .enumerate()
                .map(|(i, r)| Ruling::from_rs(r, Some((src.clone(), i))))
                .collect::<PyResult<Vec<_>>>()?;
            (rs, Some(src))
        }
    };
    Ok(Parts {
        report,
        line,
        rulings,
        source,
    })
}

impl Judgement {
    fn from_parts(py: Python<'_>, p: Parts) -> PyResult<Judgement> {
        let r = p.report;
        Ok(Judgement {
            game: r.game,
            id: r.id,
            tags: r.tags,
            result: r.result,
            ply_count: r.plies,
            error: r.error,
            unreadable: r.unreadable,
            disagree: r.disagree,
            line: p.line,
            rulings: p
                .rulings
                .into_iter()
                .map(|x| Py::new(py, x))
                .collect::<PyResult<_>>()?,
            doc: OnceLock::new(),
            source: p.source,
        })
    }

    fn doc(&self, py: Python<'_>) -> PyResult<String> {
        if let Some(d) = self.doc.get() {
            return Ok(d.clone());
        }
        let text = match &self.source {
            None => xiangqi::judgement::judgement_json(&[], &[], None).map_err(internal)?,
            Some(src) => {
                let full = py.allow_threads(|| src.full());
                for (r, f) in self.rulings.iter().zip(&full) {
                    if r.get().full.get().is_none() {
                        let _ = r.get().full.set(pretty(f)?);
                    }
                }
                xiangqi::judgement::judgement_json(&src.arbiters, &full, src.declared.as_ref())
                    .map_err(internal)?
            }
        };
        let _ = self.doc.set(text.clone());
        Ok(text)
    }
}

#[pymethods]
impl Judgement {
    /// How a `Judgement` is unpickled: its batch line, its document and its rulings' JSON.
    #[staticmethod]
    fn _from_state(
        py: Python<'_>,
        line: String,
        doc: String,
        rulings: Vec<String>,
    ) -> PyResult<Judgement> {
        let v: serde_json::Value = serde_json::from_str(&line)
            .map_err(|e| PyValueError::new_err(format!("judgement line: {e}")))?;
        let tags = v["tags"]
            .as_object()
            .map(|o| {
                o.iter()
                    .map(|(k, x)| (k.clone(), x.as_str().unwrap_or_default().to_string()))
                    .collect()
            })
            .unwrap_or_default();
        let j = Judgement {
            game: v["game"].as_u64().unwrap_or_default() as usize,
            id: v["id"].as_str().unwrap_or_default().to_string(),
            tags,
            result: v["result"].as_str().map(str::to_string),
            ply_count: v["plies"].as_u64().unwrap_or_default() as usize,
            error: v["error"].as_str().map(str::to_string),
            unreadable: v["unreadable"].as_bool().unwrap_or(false),
            disagree: v["disagree"].as_bool().unwrap_or(false),
            line,
            rulings: rulings
                .into_iter()
                .map(|t| Py::new(py, Ruling::from_json(t)?))
                .collect::<PyResult<_>>()?,
            doc: OnceLock::new(),
            source: None,
        };
        let _ = j.doc.set(doc);
        Ok(j)
    }

    /// The rulings, one per ruleset.
    #[getter]
    fn rulings(&self, py: Python<'_>) -> Vec<Py<Ruling>> {
        self.rulings.iter().map(|r| r.clone_ref(py)).collect()
    }

    /// The game's 1-based position in its file (1 for a move list).
    #[getter]
    fn game(&self) -> usize {
        self.game
    }

    /// The game's id (`#index Red – Black Date`, or the `.tsv` id column).
    #[getter]
    fn id(&self) -> String {
        self.id.clone()
    }

    /// The game's tags.
    #[getter]
    fn tags(&self) -> BTreeMap<String, String> {
        self.tags.clone()
    }

    /// The result the game file records, if any.
    #[getter]
    fn result(&self) -> Option<String> {
        self.result.clone()
    }

    /// The plies judged.
    #[getter]
    fn ply_count(&self) -> usize {
        self.ply_count
    }

    /// An illegal move in a batch's record (it was judged up to it), or why the record could
    /// not be read.
    #[getter]
    fn error(&self) -> Option<String> {
        self.error.clone()
    }

    /// Whether a batch's record could not be read at all (no rulings).
    #[getter]
    fn unreadable(&self) -> bool {
        self.unreadable
    }

    /// Whether the rulesets' outcomes or repetition verdicts differ.
    #[getter]
    fn disagree(&self) -> bool {
        self.disagree
    }

    /// The ruling of a ruleset, by position or by id.
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Py<Ruling>> {
        if let Ok(i) = key.extract::<isize>() {
            let n = self.rulings.len() as isize;
            let j = if i < 0 { i + n } else { i };
            if (0..n).contains(&j) {
                return Ok(self.rulings[j as usize].clone_ref(py));
            }
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "ruling {i} of {n}"
            )));
        }
        let id: String = key.extract()?;
        self.rulings
            .iter()
            .find(|r| r.get().ruleset == id)
            .map(|r| r.clone_ref(py))
            .ok_or_else(|| pyo3::exceptions::PyKeyError::new_err(id))
    }

    fn __len__(&self) -> usize {
        self.rulings.len()
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = PyList::new(py, self.rulings.iter().map(|r| r.clone_ref(py)))?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    /// The text `xq judge --json` prints for the same game and rulesets (every ply classified,
    /// `comparison`, and `recorded`/`conflicts` when the game file records a result).
    fn to_json(&self, py: Python<'_>) -> PyResult<String> {
        self.doc(py)
    }

    /// `to_json()` as Python objects.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.doc(py)?)
    }

    /// The game's line of `xq judge --batch --json` (without the line break).
    fn to_json_line(&self) -> String {
        self.line.clone()
    }

    fn __repr__(&self) -> String {
        let parts: Vec<String> = self
            .rulings
            .iter()
            .map(|r| {
                let r = r.get();
                format!("{}: {} ({})", r.ruleset, r.outcome, r.reason)
            })
            .collect();
        format!("<Judgement {} {}>", self.id, parts.join("; "))
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (String, String, Vec<String>)> {
        let doc = self.doc(py)?;
        let rulings = self
            .rulings
            .iter()
            .map(|r| r.get().full_json(py))
            .collect::<PyResult<Vec<_>>>()?;
        Ok((
            py.get_type::<Judgement>().getattr("_from_state")?,
            (self.line.clone(), doc, rulings),
        ))
    }
}

// ---------------------------------------------------------------------------------------------
// judge and judge_batch

/// What to judge: a `Game`, or moves (text or a list of moves/texts).
#[derive(FromPyObject)]
enum GameArg {
    Game(Py<Game>),
    Text(String),
    Moves(Vec<MoveArg>),
}

/// Judges a game under one or more rulesets (ids, TOML paths or `Ruleset`s; default: the
/// CLI's, `default_rulesets()`): a `Judgement` with a `Ruling` per ruleset. It takes a `Game`, or
/// moves (text in ICCS, WXF or Chinese, or a list of `Move`s and texts) from the start or `fen`.
/// It is as fast per game as `judge_batch`: every ply's class (`Ruling.plies`, `to_json()`) is
/// computed when first asked for.
///
/// >>> from xiangqi_rules import judge
/// >>> j = judge("h2e2 h9g7 h0g2")
/// >>> [(r.ruleset, r.outcome, r.reason_zh) for r in j]
/// [('axf', 'ongoing', '无'), ('cn-1987', 'ongoing', '无')]
/// >>> j["axf"].plies[0]["move"]
/// 'h2e2'
#[pyfunction]
#[pyo3(signature = (game, rulesets = None, fen = None, strict = false))]
fn judge(
    py: Python<'_>,
    game: GameArg,
    rulesets: Option<Vec<RulesetArg>>,
    fen: Option<&str>,
    strict: bool,
) -> PyResult<Judgement> {
    let arbiters = arbiters(rulesets)?;
    let start = |fen: Option<&str>| -> PyResult<RsPosition> {
        match fen {
            None => Ok(RsPosition::start()),
            Some(f) => Setup::from_fen(f)
                .map_err(|e| e.to_string())
                .and_then(|s| RsPosition::from_setup_composed(s).map_err(|e| e.to_string()))
                .map_err(|e| error::<FenError>(format!("fen: {e}"), None, None, None)),
        }
    };
    let moves_game = |start: RsPosition, moves| BatchGame {
        index: 1,
        tags: BTreeMap::new(),
        id: "#1".to_string(),
        result: None,
        start,
        moves,
    };
    let (bg, declared) = match game {
        GameArg::Game(g) => {
            if fen.is_some() {
                return Err(PyValueError::new_err(
                    "fen: a Game has its own start position",
                ));
            }
            let g = g.get().lock();
            let declared = xiangqi::game::declared::declared(&g.game);
            (
                xiangqi::batch::batch_game(g.index, g.game.clone()),
                declared,
            )
        }
        GameArg::Text(text) => {
            let start = start(fen)?;
            let moves = notation::parse_move_list(&start, &text, mode(strict))
                .map_err(|e| error::<MoveError>(format!("moves: {e}"), None, None, Some(e.ply)))?;
            (moves_game(start, moves), None)
        }
        GameArg::Moves(list) => {
            let mut pos = start(fen)?;
            let s = pos.clone();
            let mut moves = Vec::with_capacity(list.len());
            for (i, m) in list.into_iter().enumerate() {
                let m = m.resolve(&pos, strict).map_err(|e| {
                    error::<MoveError>(
                        format!("moves: ply {}: {}", i + 1, e.value(py)),
                        None,
                        None,
                        Some(i + 1),
                    )
                })?;
                pos.play(m).map_err(|e| {
                    error::<MoveError>(
                        format!("moves: ply {}: {}: {e}", i + 1, m.iccs()),
                        None,
                        None,
                        Some(i + 1),
                    )
                })?;
                moves.push(m);
            }
            (moves_game(s, moves), None)
        }
    };
    let p = py.allow_threads(|| {
        let (report, full) = xiangqi::batch::judge_game_full(&bg, &arbiters);
        parts(report, full, &arbiters, declared)
    })?;
    Judgement::from_parts(py, p)
}

/// The results of `judge_batch`: a `Judgement` per game, in input order.
#[pyclass(module = "xiangqi_rules", frozen)]
struct BatchReader {
    batch: Mutex<Batch>,
    arbiters: Arc<[Arbiter]>,
}

#[pymethods]
impl BatchReader {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Judgement> {
        // The GIL is released while a chunk is read and judged on the worker threads, and
        // while the game's results are made ready.
        let next = py.allow_threads(|| {
            let j = match self.batch.lock() {
                Ok(mut batch) => batch.next(),
                Err(_) => None,
            };
            j.map(|j| {
                j.map_err(|e| e.to_string()).and_then(|j| {
                    let declared =
                        j.report
                            .result
                            .as_deref()
                            .and_then(normalise)
                            .map(|r| Declared {
                                result: r.to_string(),
                                source: "Result tag".to_string(),
                            });
                    parts(j.report, j.rulings, &self.arbiters, declared).map_err(|e| e.to_string())
                })
            })
        });
        match next {
            None => Err(PyStopIteration::new_err(())),
            Some(Ok(p)) => Judgement::from_parts(py, p),
            Some(Err(e)) => Err(error::<GameFileError>(e, None, None, None)),
        }
    }
}

/// Judges every game of a database (PGN in any notation and encoding, XQF, CBL, DhtmlXQ, or a
/// `.tsv` with an `iccs_moves` column) under the rulesets (default: the CLI's), on `jobs`
/// threads (0 = every core), streaming a `Judgement` per game in input order; the GIL is
/// released while games are judged. Each result's `to_json_line()` is the line `xq judge
/// --batch --json` prints.
#[pyfunction]
#[pyo3(signature = (path, rulesets = None, jobs = 0, strict = false))]
fn judge_batch(
    py: Python<'_>,
    path: std::path::PathBuf,
    rulesets: Option<Vec<RulesetArg>>,
    jobs: usize,
    strict: bool,
) -> PyResult<BatchReader> {
    let arbiters = arbiters(rulesets)?;
    let name = path.to_string_lossy().into_owned();
    let a = arbiters.clone();
    let batch = py
        .allow_threads(|| Batch::open(&name, a, mode(strict), jobs))
        .map_err(|e| error::<GameFileError>(e, Some(&name), None, None))?
        .keep_rulings(true);
    Ok(BatchReader {
        batch: Mutex::new(batch),
        arbiters,
    })
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Ruleset>()?;
    m.add_class::<Ruling>()?;
    m.add_class::<Judgement>()?;
    m.add_class::<BatchReader>()?;
    m.add_function(wrap_pyfunction!(rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(default_rulesets, m)?)?;
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    m.add_function(wrap_pyfunction!(judge_batch, m)?)?;
    Ok(())
}
