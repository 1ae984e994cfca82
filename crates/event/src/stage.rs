//! The stages of an event as the file records them (分阶段: groups, final, placement, knockout):
//! the data, below the document. What the stages do — their pairing, standings and winners —
//! is in `stages`.

use serde::{Deserialize, Serialize};
use xiangqi_scheduling::knockout::KnockoutSpec;

/// The system of a stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StageSystem {
    /// 大循环制: one round robin (Berger tables).
    RoundRobin,
    /// 积分编排制 (seed 002).
    Swiss,
    /// 单淘汰制.
    Knockout,
    /// 双淘汰制: winners' and losers' brackets and a grand final.
    DoubleKnockout,
    /// 分组循环制: a round robin in each group, played in the same rounds.
    Groups,
}

impl StageSystem {
    /// The name used on the command line (`--system`).
    pub fn name(self) -> &'static str {
        match self {
            StageSystem::RoundRobin => "round-robin",
            StageSystem::Swiss => "swiss",
            StageSystem::Knockout => "knockout",
            StageSystem::DoubleKnockout => "double-knockout",
            StageSystem::Groups => "groups",
        }
    }

    /// `true` for the knockouts.
    pub fn is_knockout(self) -> bool {
        matches!(self, StageSystem::Knockout | StageSystem::DoubleKnockout)
    }
}

/// Where the entrants of a later stage come from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageSource {
    /// The earlier stage (1-based).
    pub stage: u32,
    /// Its best `places` of every group (of the whole stage when it has one group) qualify,
    /// after the first `skip` places (which went elsewhere).
    pub places: u32,
    /// Places of every group skipped (a placement stage, 名次赛, takes the places after the
    /// finalists').
    #[serde(default, skip_serializing_if = "is_zero")]
    pub skip: u32,
}

fn is_zero(v: &u32) -> bool {
    *v == 0
}

/// One stage of an event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventStage {
    /// Its name (`groups`, `final`, `knockout`).
    pub name: String,
    /// Its system.
    pub system: StageSystem,
    /// Its entrants by pairing number in seed order (seed 1 first), one list per group (one
    /// list for a stage without groups). Empty until the stage it comes from is over.
    #[serde(default)]
    pub groups: Vec<Vec<u32>>,
    /// Rounds planned (round robin, groups, Swiss); 0 for a knockout (it ends when decided).
    #[serde(default)]
    pub rounds: u32,
    /// Knockout: a third-place match beside the final.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub third_place: bool,
    /// Double knockout: a second grand final when the losers' bracket player wins the first.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reset: bool,
    /// Where the entrants come from (a later stage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from: Option<StageSource>,
}

impl EventStage {
    /// Every entrant of the stage.
    pub fn entrants(&self) -> Vec<u32> {
        self.groups.iter().flatten().copied().collect()
    }

    pub(crate) fn spec(&self) -> KnockoutSpec {
        KnockoutSpec {
            double: self.system == StageSystem::DoubleKnockout,
            third_place: self.third_place,
            reset: self.reset,
        }
    }
}

/// How a staged event is built by [`Event::new_staged`](crate::Event::new_staged).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StagePlan {
    /// The system of the first stage (`Groups` builds the final stage too).
    pub system: StageSystem,
    /// Groups: how many (分组).
    pub groups: usize,
    /// Groups: places of each group that go to the final.
    pub advance: u32,
    /// Groups: the final's system (`RoundRobin` or a knockout).
    pub final_system: StageSystem,
    /// Groups: keep players of one unit apart when possible (同单位回避).
    pub separate_units: bool,
    /// Groups: after the final, the others play placement round robins by group place
    /// (名次赛: all the thirds, all the fourths, …).
    pub placement: bool,
}

/// An entrant of a new event: name, unit (单位), rating (等级分).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entrant {
    /// Name.
    pub name: String,
    /// Unit (club, province).
    pub club: String,
    /// Rating, when known.
    pub rating: Option<u32>,
}
