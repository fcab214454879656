//! *Napoleon*'s parts of the window (shell): its playtest table, its tab
//! of Scenario settings, its inspector rows, the Armies window and the
//! pick-up battle wizard.

pub mod armies;
pub mod pickup;
pub mod settings;
pub mod table;

pub use table::NapoleonTableRules as TableRules;

use crate::app::document::OpenDoc;
use crate::app::plugin::{RuleWindow, SettingsState, SettingsTab, SideWindow, Wizard};
use crate::rules::plugin::PlaceOfficer;
use crate::scenario::kind::FileKind;
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

    /// Army-list balance: pick-up battles of two lists.
    fn balance_section(&self) -> Option<Box<dyn crate::app::plugin::BalanceSection>> {
        Some(Box::new(pickup::PickupBalance::default()))
    }

    /// The pick-up procedure [3.1][3.2].
    fn new_wizard(&self, recent: &[std::path::PathBuf]) -> Option<Box<dyn Wizard>> {
        Some(Box::new(pickup::Wizard::with_lists(recent)))
    }

    /// A deployment log resumes its battle; an army list or an order of
    /// battle is the first side's, in a new pick-up battle.
    fn open_in_wizard(
        &self,
        kind: FileKind,
        path: &std::path::Path,
        recent: &[std::path::PathBuf],
    ) -> Option<Result<Box<dyn Wizard>, String>> {
        Some(match kind {
            FileKind::DeploymentLog => {
                pickup::Wizard::resume_file(path).map(|w| Box::new(w) as Box<dyn Wizard>)
            }
            FileKind::ArmyList | FileKind::OrderOfBattle => {
                let mut w = pickup::Wizard::with_lists(recent);
                let opened = if kind == FileKind::ArmyList {
                    w.open_list(0, path)
                } else {
                    w.open_order(0, path)
                };
                opened.map(|()| Box::new(w) as Box<dyn Wizard>)
            }
            _ => return None,
        })
    }
}
