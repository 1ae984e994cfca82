//! The edition registry: the exact sorted list of registered editions, the rulesets they ship and
//! the editions they are built on; a plugin defined here in the tests package, registered with
//! `register_edition!` and chosen by a TOML file, with no edit to any other crate; and delegation:
//! a variant that overrides only `classify` keeps everything else of its base.

use serde::Deserialize;
use xiangqi::adjudication::{GameRecord, PlyContext};
use xiangqi::board::Color;
use xiangqi::movegen::{Move, Position};
use xiangqi::rules::{
    Arbiter, CycleContext, CycleRuling, EditionParams, EditionVariant, IdleKind, JudgeOptions,
    Outcome, PlyClass, RuleEdition, Ruleset, RulesetError, Verdict, builtin_rulesets, editions,
    find_edition,
};

/// The test edition's `[options]`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Options {
    side: Side,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "lowercase")]
enum Side {
    Red,
    Black,
}

/// Every ply is idle; every cycle is ruled against the configured side.
struct AlwaysVary {
    side: Color,
}

impl RuleEdition for AlwaysVary {
    fn classify(&self, _ply: &PlyContext<'_>) -> PlyClass {
        PlyClass::idle(IdleKind::None, "闲")
    }

    fn rule_cycle(&self, _cycle: &CycleContext<'_>) -> CycleRuling {
        CycleRuling {
            verdict: Verdict::MustVary(self.side),
            red: "闲".into(),
            black: "闲".into(),
            reason: "test".into(),
            explanation: "the test edition always rules against one side".into(),
        }
    }
}

fn build(params: &EditionParams<'_>) -> Result<Box<dyn RuleEdition>, RulesetError> {
    let opts: Options = params
        .options()?
        .ok_or_else(|| params.error("the test edition needs [options] side = \"red\"|\"black\""))?;
    Ok(Box::new(AlwaysVary {
        side: match opts.side {
            Side::Red => Color::Red,
            Side::Black => Color::Black,
        },
    }))
}

xiangqi::rules::register_edition! {
    id: "test-always-vary",
    title: "Test edition (tests package)",
    build: build,
}

fn data(name: &str) -> String {
    format!("{}/data/adjudication/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn registered_editions_sorted_by_id() {
    let ids: Vec<&str> = editions()
        .expect("no duplicates")
        .iter()
        .map(|r| r.id)
        .collect();
    assert_eq!(
        ids,
        [
            "axf",
            "cn-1987",
            "cn-2020",
            "computer-2007",
            "test-always-vary"
        ]
    );
}

#[test]
fn editions_ship_their_rulesets_and_name_their_bases() {
    let shipped: Vec<(&str, &str)> = builtin_rulesets()
        .iter()
        .map(|(b, r)| (b.id, r.id))
        .collect();
    assert_eq!(
        shipped,
        [
            ("axf", "axf"),
            ("cn-1987", "cn-1987"),
            ("cn-2020", "cn-2020"),
            ("computer-2007", "computer-2007")
        ]
    );
    assert_eq!(
        Ruleset::builtin_ids(),
        ["axf", "cn-1987", "cn-2020", "computer-2007"]
    );
    assert_eq!(
        Ruleset::linked_builtin_ids().unwrap(),
        Ruleset::builtin_ids()
    );
    let bases: Vec<(&str, Option<&str>)> =
        editions().unwrap().iter().map(|r| (r.id, r.base)).collect();
    assert_eq!(
        bases,
        [
            ("axf", None),
            ("cn-1987", None),
            ("cn-2020", Some("cn-1987")),
            ("computer-2007", Some("axf")),
            ("test-always-vary", None)
        ]
    );
    // Every base is a registered edition, and every shipped ruleset builds.
    for r in editions().unwrap() {
        if let Some(b) = r.base {
            assert!(
                find_edition(b).unwrap().is_some(),
                "{} names base {b}",
                r.id
            );
        }
    }
    for id in Ruleset::builtin_ids() {
        Arbiter::new(Ruleset::load(&id).unwrap()).unwrap_or_else(|e| panic!("{id}: {e}"));
    }
}

/// A variant of cn-1987 that overrides only `classify` (it adds a note): everything else
/// answers from the base, so it cannot lose the 60-move rule by forgetting to forward it.
struct Noted {
    base: Box<dyn RuleEdition>,
}

impl EditionVariant for Noted {
    fn base(&self) -> &dyn RuleEdition {
        &*self.base
    }

    fn classify(&self, ply: &PlyContext<'_>) -> PlyClass {
        self.base.classify(ply).with_note("noted")
    }
}

#[test]
fn a_variant_overriding_only_classify_keeps_its_bases_natural_limit() {
    let rs = Ruleset::load("cn-1987").unwrap();
    let base = rs.build().unwrap();
    let variant = Noted {
        base: rs.build().unwrap(),
    };
    let limit = base.natural_limit().expect("cn-1987 has a natural limit");
    assert_eq!((limit.moves, limit.max_counted_checks), (60, 10));
    let as_edition: &dyn RuleEdition = &variant;
    assert_eq!(as_edition.natural_limit(), Some(limit));
    assert_eq!(as_edition.repetitions(), base.repetitions());
    assert_eq!(as_edition.warns_before_loss(), base.warns_before_loss());
    // The overridden method is the variant's; the cycle ruling is the base's.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let moves: Vec<Move> = "a0a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9"
        .split(' ')
        .map(|m| Move::from_iccs(m).unwrap())
        .collect();
    let record = GameRecord::new(pos, moves).unwrap();
    let replay = xiangqi::adjudication::Replay::new(&record, 0, record.len());
    let c = as_edition.classify(&replay.ply(1));
    assert_eq!((c.label.as_str(), c.note.as_deref()), ("将", Some("noted")));
    let cycle = record.repetitions(3)[0];
    let cyc = xiangqi::adjudication::Replay::of_cycle(&record, cycle);
    let classes: Vec<PlyClass> = cycle.plies().map(|p| base.classify(&cyc.ply(p))).collect();
    let ctx = CycleContext {
        cycle,
        replay: &cyc,
        classes: &classes,
    };
    assert_eq!(as_edition.rule_cycle(&ctx), base.rule_cycle(&ctx));
}

#[test]
fn test_edition_is_chosen_by_a_toml_file() {
    let rs = Ruleset::load(&data("test-edition.toml")).expect("ruleset");
    assert_eq!(rs.edition, "test-always-vary");
    let arbiter = Arbiter::new(rs).expect("edition builds");
    // pf-2: one check, one idle move; AXF draws it, the test edition rules against Black.
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1").unwrap();
    let moves: Vec<Move> = "a0a9 d9d8 a9a0 d8d9 a0a9 d9d8 a9a0 d8d9"
        .split(' ')
        .map(|m| Move::from_iccs(m).unwrap())
        .collect();
    let record = GameRecord::new(pos, moves).unwrap();
    let ruling = arbiter.judge(&record, JudgeOptions { classify_all: true });
    let rep = ruling.repetition.expect("a repetition is ruled");
    assert_eq!(rep.verdict.as_str(), "black-must-vary");
    assert_eq!(ruling.outcome, Outcome::Ongoing);
    assert_eq!(ruling.reason, "black-must-vary");
    assert!(
        ruling
            .plies
            .iter()
            .all(|p| p.label.as_deref() == Some("闲"))
    );

    let axf = Arbiter::new(Ruleset::load("axf").unwrap()).unwrap();
    assert_eq!(
        axf.rule_last_ply(&record).unwrap().0.verdict.as_str(),
        "draw"
    );
}

#[test]
fn test_edition_options_are_checked_with_location() {
    let text = std::fs::read_to_string(data("test-edition.toml")).unwrap();
    let bad = text.replace("side = \"black\"", "side = \"blue\"");
    let rs = Ruleset::from_toml(&bad, "bad.toml").expect("the common part is fine");
    let err = Arbiter::new(rs)
        .expect_err("the edition refuses the option")
        .to_string();
    let line = bad.lines().position(|l| l.starts_with("side")).unwrap() + 1;
    assert!(err.starts_with(&format!("bad.toml:{line}:8:")), "{err}");
    assert!(err.contains("blue"), "{err}");

    let unknown = text.replace("side = \"black\"", "side = \"red\"\ncolour = 1");
    let err = Arbiter::new(Ruleset::from_toml(&unknown, "u.toml").unwrap())
        .expect_err("unknown option key")
        .to_string();
    assert!(err.starts_with(&format!("u.toml:{}:1:", line + 1)), "{err}");
    assert!(err.contains("colour"), "{err}");
}
