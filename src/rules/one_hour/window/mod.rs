//! One Hour Napoleonic's parts of the window (shell): its playtest table,
//! its tabs of Scenario settings (rule options, leaders, chance cards)
//! and its inspector rows.

pub mod settings;
pub mod table;

pub use table::OneHourTableRules as TableRules;

use crate::app::document::OpenDoc;
use crate::app::plugin::{RuleWindow, SettingsState, SettingsTab, SideWindow, Wizard};
use crate::rules::plugin::PlaceOfficer;
use crate::scenario::{Map, RuleSet, Scenario, SideId, Unit};
use egui::Ui;

/// One Hour Napoleonic's window parts.
pub struct Window;

/// A leader of the rule options, by his index, to place on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeaderToPlace(pub usize);

impl PlaceOfficer for LeaderToPlace {
    fn name(&self, s: &Scenario) -> String {
        match &s.rules {
            RuleSet::OneHour(o) => o
                .leaders
                .get(self.0)
                .map_or("the leader".into(), |l| l.name.clone()),
            _ => "the leader".into(),
        }
    }

    fn placed(&self, s: &Scenario, h: crate::hex::Hex) -> Option<Scenario> {
        let mut s = s.clone();
        let RuleSet::OneHour(o) = &mut s.rules else {
            return None;
        };
        o.leaders.get_mut(self.0)?.start = Some(h);
        Some(s)
    }
}

impl RuleWindow for Window {
    fn settings_tabs(&self) -> &'static [SettingsTab] {
        &[
            SettingsTab {
                name: "Rule options",
                first: true,
            },
            SettingsTab {
                name: "Leaders",
                first: false,
            },
            SettingsTab {
                name: "Chance cards",
                first: false,
            },
        ]
    }

    fn settings_tab_ui(
        &self,
        tab: usize,
        ui: &mut Ui,
        draft: &mut Scenario,
        state: &mut SettingsState,
    ) {
        let RuleSet::OneHour(o) = &mut draft.rules else {
            return;
        };
        let sides = &draft.sides;
        match tab {
            0 => settings::options_ui(ui, o, sides, &mut state.typed),
            1 => {
                let mut place = None;
                settings::leaders_ui(ui, o, sides, &mut state.typed, &mut place);
                if let Some(i) = place {
                    state.place = Some(Box::new(LeaderToPlace(i)));
                }
            }
            _ => settings::cards_ui(ui, o, sides),
        }
    }

    fn general_rows(&self, _ui: &mut Ui, _draft: &mut Scenario) {}

    fn unit_rows(&self, ui: &mut Ui, u: &mut Unit, s: &Scenario, _map: &Map) -> bool {
        let RuleSet::OneHour(o) = &s.rules else {
            return false;
        };
        settings::unit_fields(ui, u, o, s)
    }

    fn unit_tool_ui(
        &self,
        _ui: &mut Ui,
        _doc: &mut OpenDoc,
        _side: &SideId,
    ) -> Result<Option<Box<dyn PlaceOfficer>>, String> {
        Ok(None)
    }

    fn side_window(&self, _s: &Scenario) -> Option<Box<dyn SideWindow>> {
        None
    }

    fn balance_section(&self) -> Option<Box<dyn crate::app::plugin::BalanceSection>> {
        None
    }

    fn new_wizard(&self, _recent: &[std::path::PathBuf]) -> Option<Box<dyn Wizard>> {
        None
    }

    fn open_in_wizard(
        &self,
        _kind: crate::scenario::kind::FileKind,
        _path: &std::path::Path,
        _recent: &[std::path::PathBuf],
    ) -> Option<Result<Box<dyn Wizard>, String>> {
        None
    }
}
