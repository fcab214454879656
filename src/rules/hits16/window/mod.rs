//! The 16-hits rules' parts of the window (shell): their playtest table,
//! their tabs of Scenario settings (rule options, Generals, Tables), the
//! inspector's rows and the Unit tool's Generals.

pub mod settings;
pub mod table;

pub use table::Hits16TableRules as TableRules;

use crate::app::document::OpenDoc;
use crate::app::plugin::{RuleWindow, SettingsState, SettingsTab, SideWindow, Wizard};
use crate::hex::Hex;
use crate::rules::plugin::PlaceOfficer;
use crate::scenario::{Map, RuleSet, Scenario, SideId, Unit};
use egui::{RichText, Ui};

/// The 16-hits rules' window parts.
pub struct Window;

/// A General of the rule options, by his index, to place on the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GeneralToPlace(pub usize);

impl PlaceOfficer for GeneralToPlace {
    fn name(&self, s: &Scenario) -> String {
        match &s.rules {
            RuleSet::Hits16(o) => o.generals.get(self.0).map_or("the General".into(), |g| {
                if g.name.starts_with("General") {
                    g.name.clone()
                } else {
                    format!("General {}", g.name)
                }
            }),
            _ => "the General".into(),
        }
    }

    fn placed(&self, s: &Scenario, h: Hex) -> Option<Scenario> {
        let mut s = s.clone();
        let RuleSet::Hits16(o) = &mut s.rules else {
            return None;
        };
        o.generals.get_mut(self.0)?.hex = Some(h);
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
                name: "Generals",
                first: false,
            },
            SettingsTab {
                name: "Tables",
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
        let RuleSet::Hits16(o) = &mut draft.rules else {
            return;
        };
        match tab {
            0 => settings::options_ui(ui, o, &draft.sides),
            1 => {
                let mut place = None;
                settings::generals_ui(ui, o, &draft.sides, &draft.units, &mut place);
                if let Some(i) = place {
                    state.place = Some(Box::new(GeneralToPlace(i)));
                }
            }
            _ => settings::tables_ui(ui, o),
        }
    }

    fn general_rows(&self, _ui: &mut Ui, _draft: &mut Scenario) {}

    fn unit_rows(&self, ui: &mut Ui, u: &mut Unit, s: &Scenario, map: &Map) -> bool {
        let RuleSet::Hits16(o) = &s.rules else {
            return false;
        };
        settings::unit_fields(ui, u, o, map.grid())
    }

    /// Generals are not units (M13): the side's Generals, each placed by
    /// the next map click, and one more added (an undoable edit) and
    /// placed so.
    fn unit_tool_ui(
        &self,
        ui: &mut Ui,
        doc: &mut OpenDoc,
        side: &SideId,
    ) -> Result<Option<Box<dyn PlaceOfficer>>, String> {
        let RuleSet::Hits16(o) = &doc.scenario.rules else {
            return Ok(None);
        };
        let mut place: Option<Box<dyn PlaceOfficer>> = None;
        ui.separator();
        ui.label(RichText::new("Generals of this side").strong())
            .on_hover_text("Generals rally and are placed by their owner when alone (M12, M13)");
        let mine: Vec<(usize, String, Option<Hex>)> = o
            .generals
            .iter()
            .enumerate()
            .filter(|(_, g)| &g.side == side)
            .map(|(i, g)| (i, g.name.clone(), g.hex))
            .collect();
        for (i, name, hex) in mine {
            ui.horizontal(|ui| {
                let at = hex.map_or("not on the table".to_string(), |h| format!("at {h}"));
                ui.label(format!("{name}, {at}"));
                if ui
                    .small_button("Place…")
                    .on_hover_text("Click a hex on the map to put him there")
                    .clicked()
                {
                    place = Some(Box::new(GeneralToPlace(i)));
                }
            });
        }
        if ui
            .button(format!("Add a General for {side}…"))
            .on_hover_text("Adds him to Scenario settings > Generals; click a hex to place him")
            .clicked()
        {
            let mut after = doc.scenario.clone();
            if let RuleSet::Hits16(o) = &mut after.rules {
                let units = &doc.scenario.units;
                let i = o.add_general(side.clone(), &|id| {
                    units.iter().any(|u| u.id.as_str() == id)
                });
                if let Some(e) = crate::edit::set_scenario(doc, after) {
                    doc.apply(e).map_err(|e| e.to_string())?;
                    place = Some(Box::new(GeneralToPlace(i)));
                }
            }
        }
        Ok(place)
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
