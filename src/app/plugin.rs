//! What a rule set adds to the window: its tabs of Scenario settings, its
//! rows of the unit inspector and the Unit tool's template, its panel
//! under the Unit tool, and its own windows (the Armies window). Each
//! rule set's `window::Window` implements [`RuleWindow`]; the editor asks
//! it through [`window`] for the scenario's rule set and shows nothing of
//! another. Every method is required: a rule set that forgets one does
//! not compile. The rules' answers that need no window (what the rules
//! read, what a counter shows) are its core plugin's
//! ([`crate::rules::plugin::Plugin`]).
//!
//! Shared code: it names no rule set; the list of rule sets is the
//! registration's (`crate::rules::with_rule_sets`).

use super::document::OpenDoc;
use crate::rules::plugin::PlaceOfficer;
use crate::scenario::{Map, RuleSet, Scenario, SideId, Unit, UnitId};
use egui::Ui;
use std::collections::HashMap;

/// A tab a rule set adds to Scenario settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SettingsTab {
    pub name: &'static str,
    /// Shown right after the General tab (the rule options); otherwise
    /// after the shared tabs.
    pub first: bool,
}

/// What a rule set's tabs of Scenario settings keep between frames.
#[derive(Debug, Default)]
pub struct SettingsState {
    /// Texts being typed that become data once they read (boxes, command
    /// lists), by a key naming the field.
    pub typed: HashMap<String, String>,
    /// An officer to place by the editor's next click (a tab's "Place"
    /// button); the window takes it.
    pub place: Option<Box<dyn PlaceOfficer>>,
}

/// What a rule set's own window hands back to the editor after a frame.
#[derive(Debug, Default)]
pub struct SideWindowOutput {
    /// A finished change: its words for the Undo menu and the scenario
    /// after it.
    pub edit: Option<(String, Scenario)>,
    /// A unit to select in the editor.
    pub select: Option<UnitId>,
    /// An officer to place with the next click on the map.
    pub place: Option<Box<dyn PlaceOfficer>>,
    /// The window was closed.
    pub closed: bool,
}

/// A window a rule set opens beside the editor (the Armies window): it
/// edits a draft of the scenario and hands back finished changes.
pub trait SideWindow: std::any::Any + Send {
    /// The window for a frame.
    fn ui(
        &mut self,
        ctx: &egui::Context,
        s: &Scenario,
        map: &Map,
        selected: Option<&UnitId>,
    ) -> SideWindowOutput;
}

/// What a wizard asks of the window after a frame.
pub enum WizardAction {
    None,
    Cancel,
    /// The new scenario is made: open it in the editor as a new, unsaved
    /// document, with the RON text of the log written beside it on save.
    Finish(Box<Scenario>, String),
}

/// A wizard a rule set offers that makes a new document (the pick-up
/// battle of *Napoleon*): it fills the window while it runs.
pub trait Wizard: std::any::Any {
    /// The toolbar's title ("New pick-up battle") and the rules' words
    /// beside it.
    fn title(&self) -> (&'static str, &'static str);
    /// The wizard for a frame.
    fn ui(&mut self, ui: &mut Ui, view: &mut super::map_view::MapView) -> WizardAction;
    /// A file the wizard asks the window to choose (opened or saved).
    fn take_file_request(&mut self) -> Option<super::file_prompt::FileAction>;
    /// The path chosen for a request: what the wizard made of it, and a
    /// file to offer again next time (an army list read or written).
    fn file_chosen(
        &mut self,
        purpose: super::file_prompt::FileAction,
        path: &std::path::Path,
    ) -> Option<std::path::PathBuf>;
}

impl dyn Wizard {
    /// The wizard as its own type (tests).
    pub fn get<T: Wizard>(&self) -> Option<&T> {
        (self as &dyn std::any::Any).downcast_ref::<T>()
    }
    pub fn get_mut<T: Wizard>(&mut self) -> Option<&mut T> {
        (self as &mut dyn std::any::Any).downcast_mut::<T>()
    }
}

/// A section a rule set adds to the Balance panel (the army-list balance
/// of pick-up battles): a batch of its own, run in the background.
pub trait BalanceSection: std::any::Any + Send {
    /// The section's collapsible heading.
    fn title(&self) -> &'static str;
    /// Whether it has something to show (a batch running, a report), so
    /// it opens by itself.
    fn busy(&self) -> bool;
    /// The section for a frame.
    fn ui(&mut self, ui: &mut Ui);
}

/// A rule set's parts of the window.
pub trait RuleWindow: Sync {
    /// The rule set's tabs of Scenario settings, beyond the shared ones
    /// (General, Sides and victory, and where the rules read them the
    /// CRT and the variants).
    fn settings_tabs(&self) -> &'static [SettingsTab];

    /// Draws tab `tab` (an index of [`RuleWindow::settings_tabs`]) on the
    /// settings window's draft.
    fn settings_tab_ui(
        &self,
        tab: usize,
        ui: &mut Ui,
        draft: &mut Scenario,
        state: &mut SettingsState,
    );

    /// Rows the rule set adds to the General tab's two-column grid (the
    /// few options of rules without a tab of their own).
    fn general_rows(&self, ui: &mut Ui, draft: &mut Scenario);

    /// The rows of a unit's rule-set fields in a two-column grid (type,
    /// quality, formation, nation...): the inspector's and the Unit
    /// tool's template's. True when a discrete change was made (a click,
    /// not typing).
    fn unit_rows(&self, ui: &mut Ui, u: &mut Unit, s: &Scenario, map: &Map) -> bool;

    /// The panel under the Unit tool's template, for `side` (the 16-hits
    /// Generals): an edit made there is applied to the document; an
    /// officer returned is placed with the next map click.
    fn unit_tool_ui(
        &self,
        ui: &mut Ui,
        doc: &mut OpenDoc,
        side: &SideId,
    ) -> Result<Option<Box<dyn PlaceOfficer>>, String>;

    /// The rule set's window beside the editor (Edit > Armies…), where it
    /// has one.
    fn side_window(&self, s: &Scenario) -> Option<Box<dyn SideWindow>>;

    /// The rule set's section of the Balance panel, where it has one.
    fn balance_section(&self) -> Option<Box<dyn BalanceSection>>;

    /// The wizard of File > New pick-up battle…, where the rule set has
    /// a pick-up procedure; `recent`: files to offer (army lists).
    fn new_wizard(&self, recent: &[std::path::PathBuf]) -> Option<Box<dyn Wizard>>;

    /// A file of `kind` opened in the rule set's wizard (a deployment log
    /// resumed, an army list or order of battle read), where its wizard
    /// reads such files; with a file to offer again next time.
    #[allow(clippy::type_complexity)]
    fn open_in_wizard(
        &self,
        kind: crate::scenario::kind::FileKind,
        path: &std::path::Path,
        recent: &[std::path::PathBuf],
    ) -> Option<Result<Box<dyn Wizard>, String>>;
}

/// The window parts of every rule set, from the registration's list.
macro_rules! windows {
    ($( $(#[$doc:meta])* $variant:ident => $m:ident ),* $(,)?) => {
        /// Every rule set's window parts, in the registration's order.
        pub fn every_window() -> Vec<&'static dyn RuleWindow> {
            vec![$( &crate::rules::$m::window::Window, )*]
        }

        /// The window parts of the scenario's rule set.
        pub fn window(rules: &RuleSet) -> &'static dyn RuleWindow {
            match rules {
                $( RuleSet::$variant(_) => &crate::rules::$m::window::Window, )*
            }
        }
    };
}
crate::rules::with_rule_sets!(windows);
