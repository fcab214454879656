//! Napoleon at Waterloo's parts of the window (shell): its playtest
//! table, and its three options on Scenario settings' General tab.

pub mod table;

pub use table::NawTableRules as TableRules;

use crate::app::document::OpenDoc;
use crate::app::plugin::{RuleWindow, SettingsState, SettingsTab, SideWindow, Wizard};
use crate::rules::naw::model::{LineOfSight, RetreatChooser};
use crate::rules::plugin::PlaceOfficer;
use crate::scenario::{Map, RuleSet, Scenario, SideId, Unit};
use egui::Ui;

/// Napoleon at Waterloo's window parts.
pub struct Window;

impl RuleWindow for Window {
    /// The rulings' three options fit the General tab.
    fn settings_tabs(&self) -> &'static [SettingsTab] {
        &[]
    }

    fn settings_tab_ui(&self, _: usize, _: &mut Ui, _: &mut Scenario, _: &mut SettingsState) {}

    /// Who chooses retreats (R11), when a bombardment is blocked (R2) and
    /// whether bombarding artillery advances (R12).
    fn general_rows(&self, ui: &mut Ui, draft: &mut Scenario) {
        let RuleSet::NapoleonAtWaterloo(o) = &mut draft.rules else {
            return;
        };
        ui.label("Retreats chosen by");
        ui.vertical(|ui| {
            ui.radio_value(
                &mut o.retreat_chooser,
                RetreatChooser::Owner,
                "the retreating unit's owner [6.4]",
            );
            ui.radio_value(
                &mut o.retreat_chooser,
                RetreatChooser::Victor,
                "the victor (2nd edition reading, ruling R11)",
            );
        });
        ui.end_row();
        ui.label("Bombardment line of sight");
        ui.vertical(|ui| {
            ui.radio_value(
                &mut o.line_of_sight,
                LineOfSight::BlockedIfAllBlock,
                "blocked only if every intervening hex blocks (R2)",
            );
            ui.radio_value(
                &mut o.line_of_sight,
                LineOfSight::BlockedIfAnyBlocks,
                "blocked if any intervening hex blocks",
            );
        });
        ui.end_row();
        ui.label("");
        ui.checkbox(
            &mut o.bombarding_artillery_advances,
            "Bombarding artillery may advance after combat (R12)",
        );
        ui.end_row();
    }

    /// Infantry, cavalry or artillery; strength and movement are the
    /// shared rows.
    fn unit_rows(&self, ui: &mut Ui, u: &mut Unit, _s: &Scenario, _map: &Map) -> bool {
        ui.label("Type");
        let changed = crate::app::tools::kind_radios(ui, &mut u.kind);
        ui.end_row();
        changed
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
