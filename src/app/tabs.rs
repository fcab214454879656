//! Several documents in one window, as tabs (issue 40 item 3). The shown
//! tab's state lives in the [`VedetteApp`] fields of the same names, where
//! the rest of the window reads it; every other tab's is kept in a [`Tab`]
//! and swapped in when it is shown. So each document keeps its own undo
//! history, file, unsaved mark, autosave file, view, tools, balance
//! panel, dialogs and playtest, and nothing else in the window needs to
//! know there are several.

use super::document::{OpenDoc, RecoveryOwner};
use super::{DiskPrompt, VedetteApp, balance, playtest, settings};
use crate::app::map_view::MapView;
use crate::app::tools::Tools;
use egui::RichText;
use std::path::{Path, PathBuf};

/// A document's state while its tab is not shown.
pub struct Tab {
    doc: Option<OpenDoc>,
    open_error: Option<String>,
    failed_path: Option<PathBuf>,
    view: MapView,
    tools: Tools,
    balance: balance::BalancePanel,
    disk_prompt: Option<DiskPrompt>,
    recovery_owner: RecoveryOwner,
    last_autosave: f64,
    scenario_settings: Option<settings::ScenarioSettings>,
    armies: Option<Box<dyn super::plugin::SideWindow>>,
    placing: Option<Box<dyn crate::rules::plugin::PlaceOfficer>>,
    map_settings: Option<settings::MapSettings>,
    playtest: Option<Box<dyn playtest::AnyTable>>,
    start_dialog: Option<playtest::StartDialog>,
}

impl Tab {
    /// A tab with no document, and its own autosave file.
    pub fn empty() -> Tab {
        Tab {
            doc: None,
            open_error: None,
            failed_path: None,
            view: MapView::default(),
            tools: Tools::default(),
            balance: balance::BalancePanel::default(),
            disk_prompt: None,
            recovery_owner: RecoveryOwner::new_window(),
            last_autosave: 0.0,
            scenario_settings: None,
            armies: None,
            placing: None,
            map_settings: None,
            playtest: None,
            start_dialog: None,
        }
    }

    /// Its tab's words: the document's name, `*` when it has unsaved
    /// changes.
    fn label(doc: Option<&OpenDoc>) -> String {
        match doc {
            Some(d) => format!(
                "{}{}",
                d.display_name(),
                if d.is_modified() { " *" } else { "" }
            ),
            None => "(nothing open)".into(),
        }
    }
}

impl VedetteApp {
    /// Exchanges the shown tab's state with `t`'s.
    fn swap_tab(&mut self, t: &mut Tab) {
        use std::mem::swap;
        swap(&mut self.doc, &mut t.doc);
        swap(&mut self.open_error, &mut t.open_error);
        swap(&mut self.failed_path, &mut t.failed_path);
        swap(&mut self.view, &mut t.view);
        swap(&mut self.tools, &mut t.tools);
        swap(&mut self.balance, &mut t.balance);
        swap(&mut self.disk_prompt, &mut t.disk_prompt);
        swap(&mut self.recovery_owner, &mut t.recovery_owner);
        swap(&mut self.last_autosave, &mut t.last_autosave);
        swap(&mut self.scenario_settings, &mut t.scenario_settings);
        swap(&mut self.armies, &mut t.armies);
        swap(&mut self.placing, &mut t.placing);
        swap(&mut self.map_settings, &mut t.map_settings);
        swap(&mut self.playtest, &mut t.playtest);
        swap(&mut self.start_dialog, &mut t.start_dialog);
        // What the window drew or was doing belongs to the old tab.
        self.drag_unit = None;
        self.centre_request = None;
        self.just_centred = None;
        self.hovered = None;
        self.map_rect = None;
        self.generation += 1;
        self.validated = (u64::MAX, u64::MAX);
        self.revalidate();
    }

    /// How many tabs are open.
    pub fn tab_count(&self) -> usize {
        self.tabs.len()
    }

    /// Which tab is shown (from 0).
    pub fn active_tab(&self) -> usize {
        self.active
    }

    /// Shows tab `i`; the shown one keeps its state in its slot.
    pub fn switch_tab(&mut self, i: usize) {
        if i == self.active || i >= self.tabs.len() {
            return;
        }
        // Its latest changes are in its autosave before it is put away.
        self.autosave_now();
        // The shown tab's slot is empty (its state is in the window):
        // fill it, then take tab i's state out of its slot.
        let mut slot = std::mem::replace(&mut self.tabs[self.active], Tab::empty());
        self.swap_tab(&mut slot);
        self.tabs[self.active] = slot;
        let mut slot = std::mem::replace(&mut self.tabs[i], Tab::empty());
        self.swap_tab(&mut slot);
        self.tabs[i] = slot;
        self.active = i;
    }

    /// Opens an empty tab after the others and shows it.
    pub fn new_tab(&mut self) {
        self.tabs.push(Tab::empty());
        self.switch_tab(self.tabs.len() - 1);
    }

    /// A tab for a new or opened document: this one when it shows nothing,
    /// else a new one.
    pub(super) fn tab_for_new_document(&mut self) {
        if self.doc.is_some() {
            self.new_tab();
        }
    }

    /// The tab whose document is the file at `path`, if one is.
    pub fn tab_of(&self, path: &Path) -> Option<usize> {
        let same = |d: Option<&OpenDoc>| {
            d.and_then(|d| d.path.as_deref())
                .is_some_and(|p| p == path || crate::files::same_file(p, path))
        };
        (0..self.tabs.len()).find(|&i| {
            if i == self.active {
                same(self.doc.as_ref())
            } else {
                same(self.tabs[i].doc.as_ref())
            }
        })
    }

    /// Opens `path` in a tab of its own (the file's tab if it is open
    /// already; this tab when it shows nothing): nothing open is replaced,
    /// so nothing needs saving first. Whether it opened.
    pub fn open_in_tab(&mut self, path: PathBuf) -> bool {
        if let Some(i) = self.tab_of(&path) {
            self.switch_tab(i);
            self.status = Some((true, format!("{} is open in this tab", path.display())));
            return true;
        }
        let had = self.doc.is_some();
        self.tab_for_new_document();
        let opened = self.load(path);
        // A file that opened elsewhere (the pick-up wizard) or not at all
        // leaves no empty tab behind.
        if had && self.doc.is_none() && self.playtest.is_none() {
            let error = self.open_error.take();
            self.close_tab_now();
            if let Some(e) = error {
                self.status = Some((false, e));
            }
        }
        opened
    }

    /// Closes the shown tab, whatever it holds (the caller asked about
    /// unsaved changes): its autosave goes, and the tab before it is shown.
    /// The last tab is emptied instead.
    pub(super) fn close_tab_now(&mut self) {
        self.clear_recovery();
        if self.tabs.len() == 1 {
            let mut fresh = Tab::empty();
            self.swap_tab(&mut fresh);
            return;
        }
        let gone = self.active;
        let to = if gone > 0 { gone - 1 } else { 1 };
        self.switch_tab(to);
        // The closed tab's state went back to its slot: drop it.
        self.tabs.remove(gone);
        if self.active > gone {
            self.active -= 1;
        }
    }

    /// A modified tab other than the shown one, if any.
    pub(super) fn other_modified_tab(&self) -> Option<usize> {
        (0..self.tabs.len()).find(|&i| {
            i != self.active && self.tabs[i].doc.as_ref().is_some_and(|d| d.is_modified())
        })
    }

    /// Whether any tab has unsaved changes.
    pub fn any_modified(&self) -> bool {
        self.is_modified() || self.other_modified_tab().is_some()
    }

    /// Ctrl+C: the marked region (with the units starting in it), else
    /// the selected unit, kept for Ctrl+V in any tab; what was copied.
    pub fn copy(&mut self) -> Option<String> {
        let doc = self.doc.as_ref()?;
        let clip = if self.tools.region.is_some() {
            crate::edit::clip::Clip::of_region(doc, &self.tools.region_hexes())
        } else {
            self.tools
                .selected
                .as_ref()
                .and_then(|id| doc.scenario.unit(id))
                .map(|u| crate::edit::clip::Clip::of_unit(doc, u))
        };
        match clip {
            Some(c) => {
                let what = c.describe();
                self.status = Some((
                    true,
                    format!(
                        "Copied {what}: Ctrl+V pastes it at the hex under the pointer, in any tab"
                    ),
                ));
                self.clipboard = Some(c);
                Some(what)
            }
            None => {
                self.status = Some((
                    false,
                    "Nothing to copy: select a unit, or Shift+drag a region with the Select tool"
                        .into(),
                ));
                None
            }
        }
    }

    /// Ctrl+V: pastes what was copied with its first hex (or the unit) at
    /// the hex under the pointer, as one undoable step.
    pub fn paste(&mut self) {
        let Some(clip) = self.clipboard.clone() else {
            return;
        };
        let Some(at) = self.hovered else {
            self.status = Some((
                false,
                "Point at the hex to paste at, then press Ctrl+V".into(),
            ));
            return;
        };
        let Some(doc) = &mut self.doc else { return };
        let result = crate::edit::clip::paste(doc, &clip, at)
            .and_then(|e| doc.apply(e).map_err(|e| e.to_string()));
        self.status = Some(match result {
            Ok(()) => (
                true,
                format!("Pasted {} at {at} (Ctrl+Z undoes it)", clip.describe()),
            ),
            Err(why) => (false, format!("Not pasted: {why}")),
        });
    }

    /// Shows the next (or, `back`, the previous) tab, round.
    pub fn cycle_tab(&mut self, back: bool) {
        let n = self.tabs.len();
        if n > 1 {
            let to = if back {
                (self.active + n - 1) % n
            } else {
                (self.active + 1) % n
            };
            self.switch_tab(to);
        }
    }

    /// The tabs' words, in order.
    pub fn tab_labels(&self) -> Vec<String> {
        (0..self.tabs.len())
            .map(|i| {
                if i == self.active {
                    Tab::label(self.doc.as_ref())
                } else {
                    Tab::label(self.tabs[i].doc.as_ref())
                }
            })
            .collect()
    }

    /// The row of tabs under the toolbar, shown when more than one
    /// document is open: click one to show it, × to close it.
    pub(super) fn tab_bar_ui(&mut self, ui: &mut egui::Ui) {
        let labels = self.tab_labels();
        let mut show = None;
        let mut close = None;
        ui.horizontal_wrapped(|ui| {
            for (i, label) in labels.iter().enumerate() {
                let shown = i == self.active;
                let text = if shown {
                    RichText::new(label).strong()
                } else {
                    RichText::new(label)
                };
                if ui
                    .add(egui::Button::selectable(shown, text))
                    .on_hover_text("Show this document (Ctrl+Tab: the next one)")
                    .clicked()
                {
                    show = Some(i);
                }
                if ui
                    .small_button("×")
                    .on_hover_text(format!("Close {label} (Ctrl+W)"))
                    .clicked()
                {
                    close = Some(i);
                }
                ui.separator();
            }
        });
        if let Some(i) = close {
            self.switch_tab(i);
            self.request(super::Pending::CloseTab, ui.ctx());
        } else if let Some(i) = show {
            self.switch_tab(i);
        }
    }
}
