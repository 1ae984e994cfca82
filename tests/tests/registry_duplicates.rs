//! Two plugins registering the same edition id are refused, whatever the link order.

use xiangqi::adjudication::PlyContext;
use xiangqi::rules::{
    CycleContext, CycleRuling, EditionParams, IdleKind, PlyClass, RuleEdition, RulesetError,
    Verdict, editions, find_edition,
};

struct Dummy;

impl RuleEdition for Dummy {
    fn classify(&self, _ply: &PlyContext<'_>) -> PlyClass {
        PlyClass::idle(IdleKind::None, "闲")
    }
    fn rule_cycle(&self, _cycle: &CycleContext<'_>) -> CycleRuling {
        CycleRuling {
            verdict: Verdict::Draw,
            red: String::new(),
            black: String::new(),
            reason: String::new(),
            explanation: String::new(),
        }
    }
}

fn build(_: &EditionParams<'_>) -> Result<Box<dyn RuleEdition>, RulesetError> {
    Ok(Box::new(Dummy))
}

xiangqi::rules::register_edition! { id: "axf", title: "an impostor", build: build }

#[test]
fn duplicate_edition_ids_are_rejected() {
    let err = editions().expect_err("two editions named axf");
    assert_eq!(err.id, "axf");
    assert!(find_edition("axf").is_err());
    let e = xiangqi::rules::Ruleset::load("axf")
        .unwrap()
        .build()
        .err()
        .expect("refused");
    assert!(e.to_string().contains("registered twice"), "{e}");
}
