//! *Napoleon*'s parts of the window (shell): its playtest table, its tab
//! of Scenario settings, its inspector rows, the Armies window and the
//! pick-up battle wizard.

pub mod armies;
pub mod pickup;
pub mod settings;
pub mod table;

pub use table::NapoleonTableRules as TableRules;

use crate::app::document::OpenDoc;
use crate::app::plugin::{RuleWindow, SettingsState, SettingsTab, SideWindow};
use crate::rules::plugin::PlaceOfficer;
use crate::scenario::{Map, RuleSet, Scenario, SideId, Unit};
use egui::Ui;

/// *Napoleon*'s window parts.
pub struct Window;

impl RuleWindow for Window {
    fn settings_tabs(&self) -> &'static [SettingsTab] {
        &[SettingsTab {
            name: "Rule options",
            first: true,
        }]
    }

    fn settings_tab_ui(
        &self,
        _tab: usize,
        ui: &mut Ui,
        draft: &mut Scenario,
        _state: &mut SettingsState,
    ) {
        if let RuleSet::Napoleon(o) = &mut draft.rules {
            settings::options_ui(ui, o);
        }
    }

    fn general_rows(&self, _ui: &mut Ui, _draft: &mut Scenario) {}

    fn unit_rows(&self, ui: &mut Ui, u: &mut Unit, s: &Scenario, _map: &Map) -> bool {
        settings::unit_rows(ui, u, s)
    }

    fn unit_tool_ui(
        &self,
        _ui: &mut Ui,
        _doc: &mut OpenDoc,
        _side: &SideId,
    ) -> Result<Option<Box<dyn PlaceOfficer>>, String> {
        Ok(None)
    }

    /// The Armies window: armies, Generals, forces and leaders.
    fn side_window(&self, s: &Scenario) -> Option<Box<dyn SideWindow>> {
        Some(Box::new(armies::ArmiesWindow::new(s)))
    }
}
