//! File > New pick-up battle…: the *Napoleon* pick-up procedure in the
//! window. First the two orders of battle [3.1] (an army list, the points,
//! forces built by hand or by the computer, a seat per side and the seed),
//! then the table [3.2]-[3.2.8]: the five areas drawn, whose step it is
//! and what the rule allows, the legal hexes of the feature being placed,
//! placements by clicking hexes, refusals with their section, undo within
//! the step, computer seats playing their steps. It ends in an ordinary
//! scenario for the editor, with the procedure's log kept beside it.
//!
//! Every rule is the engine's ([`Deployment::check`]); this module only
//! collects clicks into commands.

mod balance;
mod play;

pub use balance::PickupBalance;

use crate::app::map_view::MapView;
use crate::engine::Dice;
use crate::hex::{Dir, Hex, Point};
use crate::rules::napoleon::engine::deploy::{
    DeployCommand, Deployment, DeploymentLog, FeatureKind, ForcePlacement, Occupy, Step, Zone,
};
use crate::rules::napoleon::model::NapoleonOptions;
use crate::rules::napoleon::model::pickup::{
    ArmyList, ForcePick, OrderOfBattle, PICKUP_FORMAT_VERSION, shipped_lists,
};
use crate::rules::napoleon::player::pickup::{build_order, deploy_command, front_dir, place_force};
use crate::scenario::Colour;
use egui::{Color32, RichText, Shape, Stroke, pos2};

/// Who plays a side's steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Human,
    Computer,
}

/// One side's plan on the first page.
#[derive(Clone, Debug)]
pub struct SidePlan {
    pub name: String,
    pub list: usize,
    pub seat: Seat,
    pub order: OrderOfBattle,
    pub colour: Colour,
}

pub use crate::app::plugin::WizardAction;

/// The table being set up.
pub struct Play {
    pub log: DeploymentLog,
    pub d: Deployment,
    dice: Dice,
    mind: Dice,
    pub events: Vec<String>,
    pub seats: [Seat; 2],
    pub pending: Pending,
    pub message: Option<(bool, String)>,
}

/// A placement being collected from clicks.
#[derive(Clone, Debug, Default)]
pub struct Pending {
    pub kind: Option<FeatureKind>,
    pub hexes: Vec<Hex>,
    /// The force placed (with the feature, or in 3.2.7).
    pub force: Option<usize>,
    pub units: Vec<(Hex, Dir)>,
    pub road: Vec<Hex>,
}

pub struct Wizard {
    pub lists: Vec<ArmyList>,
    pub sides: [SidePlan; 2],
    pub points: u32,
    pub seed: u64,
    pub options: NapoleonOptions,
    pub play: Option<Play>,
    pub error: Option<String>,
    pub map_rect: Option<egui::Rect>,
    /// A file the wizard asks the app to choose (army list, order of
    /// battle), answered by `open_list`, `open_order`, `save_order`.
    pub file_request: Option<crate::app::file_prompt::FileAction>,
    /// The balance of the two chosen lists, on the first page.
    pub balance: PickupBalance,
    /// The army list open in the list editor, by index.
    pub editing: Option<usize>,
}

const ZONE_TINT: [Color32; 5] = [
    Color32::from_rgb(200, 60, 60),
    Color32::from_rgb(230, 140, 60),
    Color32::from_rgb(120, 120, 120),
    Color32::from_rgb(60, 140, 230),
    Color32::from_rgb(60, 60, 200),
];
/// How strongly an area's tint covers the map (the legend paints its
/// swatch the same way).
const ZONE_ALPHA: f32 = 0.2;
const GOLD: Color32 = Color32::from_rgb(250, 200, 40);
const GREEN: Color32 = Color32::from_rgb(40, 170, 70);
const ROAD: Color32 = Color32::from_rgb(120, 80, 40);

/// Reads an army list file and checks it [3.1].
fn read_list(path: &std::path::Path) -> Result<ArmyList, String> {
    let text = crate::files::read_text(path).map_err(|e| e.to_string())?;
    let list =
        crate::rules::napoleon::model::pickup::parse_army_list(&text, &path.display().to_string())
            .map_err(|e| e.to_string())?;
    let why = list.check();
    if !why.is_empty() {
        return Err(format!("{}: {}", path.display(), why.join("; ")));
    }
    Ok(list)
}

/// Adds `list`, in place of one of the same name if there is one: its
/// index.
fn add_list(lists: &mut Vec<ArmyList>, list: ArmyList) -> usize {
    match lists.iter().position(|l| l.name == list.name) {
        Some(i) => {
            lists[i] = list;
            i
        }
        None => {
            lists.push(list);
            lists.len() - 1
        }
    }
}

impl Default for Wizard {
    fn default() -> Self {
        Wizard::new()
    }
}

impl Wizard {
    /// The shipped lists, France against Britain, both built by the
    /// computer at the default points, both seats human.
    pub fn new() -> Wizard {
        Wizard::from_lists(shipped_lists())
    }

    /// [`Wizard::new`] also offering the army lists of `paths` (those
    /// opened or saved in earlier sessions, newest first; one of a shipped
    /// list's name takes its place). A file that no longer reads as a
    /// sound list is left out.
    pub fn with_lists(paths: &[std::path::PathBuf]) -> Wizard {
        let mut lists = shipped_lists();
        for p in paths.iter().rev() {
            if let Ok(list) = read_list(p) {
                add_list(&mut lists, list);
            }
        }
        Wizard::from_lists(lists)
    }

    /// The first two of `lists`, both built by the computer at the
    /// default points, both seats human.
    fn from_lists(lists: Vec<ArmyList>) -> Wizard {
        let options = NapoleonOptions::default();
        let points = options.pickup_points;
        let plan = |i: usize, name: &str, colour: Colour| {
            let list = i.min(lists.len().saturating_sub(1));
            let order = lists
                .get(list)
                .and_then(|l| build_order(l, points, &options, &mut Dice::new(i as u64)).ok())
                .unwrap_or_else(|| empty_order(lists.get(list), points));
            SidePlan {
                name: name.into(),
                list,
                seat: Seat::Human,
                order,
                colour,
            }
        };
        let sides = [
            plan(0, "French", Colour(0x2f, 0x5a, 0xa8)),
            plan(1, "British", Colour(0xb0, 0x30, 0x30)),
        ];
        Wizard {
            lists,
            sides,
            points,
            seed: 1,
            options,
            play: None,
            error: None,
            map_rect: None,
            file_request: None,
            balance: PickupBalance::default(),
            editing: None,
        }
    }

    /// Resumes (or reviews) a procedure from its log: the table as the
    /// log left it, both seats human.
    pub fn resume(log: DeploymentLog) -> Result<Wizard, String> {
        // The whole log first: its version, command count and digest.
        log.replay().map_err(|e| e.0)?;
        // The table and the dice as the log left them.
        let (mut d, mut dice, ev) = log.start().map_err(|e| e.0)?;
        let mut events: Vec<String> = ev.iter().map(|e| d.sentence(e)).collect();
        for (i, (side, cmd)) in log.commands.iter().enumerate() {
            let ev = d
                .execute(*side, cmd, &mut dice)
                .map_err(|e| format!("command {} of the log is refused: {e}", i + 1))?;
            events.extend(ev.iter().map(|e| d.sentence(e)));
        }
        let mut w = Wizard::new();
        w.lists = log.lists.to_vec();
        w.seed = log.seed;
        w.options = log.options.clone();
        for s in 0..2 {
            w.sides[s] = SidePlan {
                name: log.names[s].clone(),
                list: s,
                seat: Seat::Human,
                order: log.orders[s].clone(),
                colour: log.colours[s],
            };
        }
        w.points = log.orders[0].points;
        w.play = Some(Play {
            mind: Dice::new(log.seed ^ 0x6465_706c_6f79),
            d,
            dice,
            events,
            seats: [Seat::Human, Seat::Human],
            pending: Pending::default(),
            message: None,
            log,
        });
        Ok(w)
    }

    /// [`Wizard::resume`] from a deployment log file.
    pub fn resume_file(path: &std::path::Path) -> Result<Wizard, String> {
        let text = crate::files::read_text(path).map_err(|e| e.to_string())?;
        let log: DeploymentLog = crate::scenario::from_ron(&text, &path.display().to_string())
            .map_err(|e| e.to_string())?;
        Wizard::resume(log)
    }

    /// Reads an army list for `side` (offered to both sides from then on).
    pub fn open_list(&mut self, side: usize, path: &std::path::Path) -> Result<(), String> {
        let i = add_list(&mut self.lists, read_list(path)?);
        let plan = &mut self.sides[side];
        plan.list = i;
        plan.order = empty_order(self.lists.get(i), self.points);
        Ok(())
    }

    /// Reads an order of battle for `side`; its list must be open.
    pub fn open_order(&mut self, side: usize, path: &std::path::Path) -> Result<(), String> {
        let text = crate::files::read_text(path).map_err(|e| e.to_string())?;
        let order =
            crate::rules::napoleon::model::pickup::parse_order(&text, &path.display().to_string())
                .map_err(|e| e.to_string())?;
        let Some(i) = self.lists.iter().position(|l| l.name == order.list) else {
            return Err(format!(
                "{}: the order of battle is from the list \"{}\": open that list first [3.1]",
                path.display(),
                order.list
            ));
        };
        self.points = order.points;
        let plan = &mut self.sides[side];
        plan.list = i;
        plan.order = order;
        Ok(())
    }

    /// Writes army list `i` (atomically).
    pub fn save_list(&mut self, i: usize, path: &std::path::Path) -> Result<(), String> {
        let list = self.lists.get(i).ok_or("no such army list")?;
        let text = crate::scenario::kind::FileKind::ArmyList.file_text(&format!(
            "#![enable(implicit_some)]\n{}",
            crate::scenario::to_ron(list)
        ));
        crate::files::save_atomic(path, &text)
            .map_err(|e| format!("cannot save {}: {e}", path.display()))
    }

    /// Writes `side`'s order of battle (atomically).
    pub fn save_order(&mut self, side: usize, path: &std::path::Path) -> Result<(), String> {
        let text = crate::scenario::kind::FileKind::OrderOfBattle
            .file_text(&crate::scenario::to_ron(&self.sides[side].order));
        crate::files::save_atomic(path, &text)
            .map_err(|e| format!("cannot save {}: {e}", path.display()))
    }

    /// Why the orders of battle cannot start the procedure, per side.
    pub fn order_problems(&self, side: usize) -> Vec<String> {
        let plan = &self.sides[side];
        match self.lists.get(plan.list) {
            Some(l) => l.check_order(&plan.order, &self.options),
            None => vec!["no army list chosen".into()],
        }
    }

    /// Starts the procedure from the first page's choices.
    pub fn start(&mut self) -> Result<(), String> {
        let list = |i: usize| {
            self.lists
                .get(self.sides[i].list)
                .cloned()
                .ok_or_else(|| "no army list chosen".to_string())
        };
        let log = DeploymentLog {
            version: 1,
            seed: self.seed,
            names: [self.sides[0].name.clone(), self.sides[1].name.clone()],
            colours: [self.sides[0].colour, self.sides[1].colour],
            lists: [list(0)?, list(1)?],
            orders: [self.sides[0].order.clone(), self.sides[1].order.clone()],
            options: self.options.clone(),
            commands: Vec::new(),
            end: None,
        };
        let (d, dice, ev) = log.start().map_err(|e| e.0)?;
        let events = ev.iter().map(|e| d.sentence(e)).collect();
        self.play = Some(Play {
            mind: Dice::new(self.seed ^ 0x6465_706c_6f79),
            log,
            d,
            dice,
            events,
            seats: [self.sides[0].seat, self.sides[1].seat],
            pending: Pending::default(),
            message: None,
        });
        Ok(())
    }

    pub fn ui(&mut self, ui: &mut egui::Ui, view: &mut MapView) -> WizardAction {
        if self.play.is_some() {
            self.table_ui(ui, view)
        } else {
            self.armies_ui(ui)
        }
    }

    // ----- page 1: orders of battle [3.1] ---------------------------------

    fn armies_ui(&mut self, ui: &mut egui::Ui) -> WizardAction {
        let mut action = WizardAction::None;
        egui::CentralPanel::default().show(ui, |ui| {
            ui.heading("New pick-up battle: orders of battle [3.1]");
            ui.label(
                RichText::new(
                    "Each side builds its army from its nation's list up to the agreed points (N18, N21); \
                     then the two sides set up the table by the procedure of 3.2.",
                )
                .weak(),
            );
            ui.horizontal(|ui| {
                let l = ui.label("Agreed points");
                let r = ui
                    .add(egui::DragValue::new(&mut self.points).range(100..=5000).speed(10))
                    .labelled_by(l.id);
                if r.changed() {
                    for s in &mut self.sides {
                        s.order.points = self.points;
                    }
                }
                ui.separator();
                let l = ui.label("Seed");
                ui.add(egui::DragValue::new(&mut self.seed)).labelled_by(l.id);
            });
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.columns(2, |cols| {
                    for (side, ui) in cols.iter_mut().enumerate() {
                        self.side_ui(ui, side);
                    }
                });
            });
            ui.separator();
            let ok = self.order_problems(0).is_empty() && self.order_problems(1).is_empty();
            ui.horizontal(|ui| {
                if ui
                    .add_enabled(ok, egui::Button::new("Start the deployment [3.2]"))
                    .on_disabled_hover_text("Both orders of battle must be legal first")
                    .clicked()
                    && let Err(e) = self.start()
                {
                    self.error = Some(e);
                }
                if ui.button("Cancel").clicked() {
                    action = WizardAction::Cancel;
                }
            });
            if let Some(e) = &self.error {
                ui.colored_label(ui.visuals().error_fg_color, e);
            }
            egui::CollapsingHeader::new("The table and the procedure (N23-N27)").show(ui, |ui| {
                table_options_ui(ui, &mut self.options);
            });
            if !self.balance.running() {
                self.balance.lists = [self.sides[0].list, self.sides[1].list];
                self.balance.points = self.points;
                self.balance.options = self.options.clone();
            }
            egui::CollapsingHeader::new("How balanced are these two lists?")
                .show(ui, |ui| self.balance.ui(ui, &self.lists));
        });
        self.list_editor_ui(ui.ctx());
        action
    }

    /// The army list editor: every field of the list, changed in place
    /// (orders of battle are re-checked at once), saved with Save as.
    fn list_editor_ui(&mut self, ctx: &egui::Context) {
        let Some(i) = self.editing else { return };
        let Some(list) = self.lists.get_mut(i) else {
            self.editing = None;
            return;
        };
        let options = self.options.clone();
        let mut open = true;
        let mut save = false;
        egui::Window::new(format!("Army list: {}", list.name))
            .id(egui::Id::unique("army list editor"))
            .open(&mut open)
            .default_width(640.0)
            .show(ctx, |ui| {
                egui::Grid::new("list head").num_columns(2).show(ui, |ui| {
                    let l = ui.label("Name");
                    ui.add(egui::TextEdit::singleline(&mut list.name).desired_width(260.0))
                        .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Nation");
                    ui.text_edit_singleline(&mut list.nation).labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Aggressiveness (N17)");
                    ui.add(egui::DragValue::new(&mut list.aggressiveness).range(-5..=5))
                        .labelled_by(l.id);
                    ui.end_row();
                    let l = ui.label("Where the numbers come from");
                    ui.add(egui::TextEdit::singleline(&mut list.source).desired_width(420.0))
                        .labelled_by(l.id);
                    ui.end_row();
                });
                egui::ScrollArea::vertical()
                    .max_height(520.0)
                    .show(ui, |ui| {
                        ui.strong("Generals [1.1]");
                        let mut drop = None;
                        egui::Grid::new("generals").num_columns(4).show(ui, |ui| {
                            let name = ui.label(RichText::new("Name").strong()).id;
                            let cf = ui.label(RichText::new("Command factor").strong()).id;
                            ui.label(RichText::new("Points").strong());
                            ui.end_row();
                            for (k, g) in list.generals.iter_mut().enumerate() {
                                ui.push_id(("g", k), |ui| {
                                    ui.add(
                                        egui::TextEdit::singleline(&mut g.name)
                                            .desired_width(160.0),
                                    )
                                    .labelled_by(name);
                                });
                                ui.push_id(("gc", k), |ui| {
                                    ui.add(
                                        egui::DragValue::new(&mut g.command_factor).range(1..=4),
                                    )
                                    .labelled_by(cf);
                                });
                                ui.label(format!("{} pts", g.cost(&options.troops.points)));
                                if ui
                                    .push_id(("gx", k), |ui| ui.small_button("Remove"))
                                    .inner
                                    .clicked()
                                {
                                    drop = Some(k);
                                }
                                ui.end_row();
                            }
                        });
                        if let Some(k) = drop {
                            list.generals.remove(k);
                        }
                        if ui.button("Add General").clicked() {
                            list.generals.push(
                                crate::rules::napoleon::model::pickup::GeneralChoice {
                                    name: format!("General {}", list.generals.len() + 1),
                                    command_factor: 2,
                                    points: None,
                                },
                            );
                        }
                        ui.separator();
                        ui.strong("Leaders [1.2]");
                        let mut drop = None;
                        egui::Grid::new("leaders").num_columns(4).show(ui, |ui| {
                            let name = ui.label(RichText::new("Name").strong()).id;
                            let fac = ui.label(RichText::new("Factor").strong()).id;
                            ui.label(RichText::new("Points").strong());
                            ui.end_row();
                            for (k, x) in list.leaders.iter_mut().enumerate() {
                                ui.push_id(("l", k), |ui| {
                                    ui.add(
                                        egui::TextEdit::singleline(&mut x.name)
                                            .desired_width(160.0),
                                    )
                                    .labelled_by(name);
                                });
                                ui.push_id(("lf", k), |ui| {
                                    ui.add(egui::DragValue::new(&mut x.factor).range(-1..=1))
                                        .labelled_by(fac);
                                });
                                ui.label(format!("{} pts", x.cost(&options.troops.points)));
                                if ui
                                    .push_id(("lx", k), |ui| ui.small_button("Remove"))
                                    .inner
                                    .clicked()
                                {
                                    drop = Some(k);
                                }
                                ui.end_row();
                            }
                        });
                        if let Some(k) = drop {
                            list.leaders.remove(k);
                        }
                        if ui.button("Add leader").clicked() {
                            list.leaders.push(
                                crate::rules::napoleon::model::pickup::LeaderChoice {
                                    name: format!("Leader {}", list.leaders.len() + 1),
                                    factor: 0,
                                    points: None,
                                },
                            );
                        }
                        ui.separator();
                        ui.strong("Unit types (N15, N16, N18)");
                        let mut drop = None;
                        egui::Grid::new("unit types").num_columns(8).show(ui, |ui| {
                            let head: Vec<egui::Id> = [
                                "Name", "Kind", "Combat", "Skirmish", "Min", "Max", "Points", "",
                            ]
                            .iter()
                            .map(|h| ui.label(RichText::new(*h).strong()).id)
                            .collect();
                            ui.end_row();
                            for (k, t) in list.units.iter_mut().enumerate() {
                                ui.push_id(("u", k), |ui| {
                                    ui.add(
                                        egui::TextEdit::singleline(&mut t.name)
                                            .desired_width(140.0),
                                    )
                                    .labelled_by(head[0]);
                                });
                                egui::ComboBox::from_id_salt(("kind", k))
                                    .selected_text(match (t.kind, t.horse, t.cossack) {
                                        (crate::scenario::UnitKind::Artillery, true, _) => {
                                            "horse artillery"
                                        }
                                        (crate::scenario::UnitKind::Artillery, false, _) => {
                                            "foot artillery"
                                        }
                                        (crate::scenario::UnitKind::Cavalry, _, true) => "Cossacks",
                                        (k, _, _) => k.name(),
                                    })
                                    .show_ui(ui, |ui| {
                                        use crate::scenario::UnitKind::*;
                                        for (name, kind, horse, cossack) in [
                                            ("infantry", Infantry, false, false),
                                            ("cavalry", Cavalry, false, false),
                                            ("Cossacks", Cavalry, false, true),
                                            ("foot artillery", Artillery, false, false),
                                            ("horse artillery", Artillery, true, false),
                                        ] {
                                            if ui.selectable_label(false, name).clicked() {
                                                t.kind = kind;
                                                t.horse = horse;
                                                t.cossack = cossack;
                                                if kind == Artillery {
                                                    t.combat = 0;
                                                } else if t.combat == 0 {
                                                    t.combat = 4;
                                                }
                                            }
                                        }
                                    })
                                    .response
                                    .labelled_by(head[1]);
                                ui.push_id(("c", k), |ui| {
                                    ui.add(egui::DragValue::new(&mut t.combat).range(0..=7))
                                        .labelled_by(head[2]);
                                });
                                let mut sk = t.skirmish_factor(&options);
                                if ui
                                    .push_id(("s", k), |ui| {
                                        ui.add(egui::DragValue::new(&mut sk).range(0..=5))
                                            .labelled_by(head[3])
                                    })
                                    .inner
                                    .changed()
                                {
                                    t.skirmish = Some(sk);
                                }
                                ui.push_id(("min", k), |ui| {
                                    ui.add(egui::DragValue::new(&mut t.min).range(0..=50))
                                        .labelled_by(head[4]);
                                });
                                let mut max = t.max.unwrap_or(0);
                                if ui
                                    .push_id(("max", k), |ui| {
                                        ui.add(
                                            egui::DragValue::new(&mut max)
                                                .range(0..=50)
                                                .custom_formatter(|v, _| {
                                                    if v == 0.0 {
                                                        "any".into()
                                                    } else {
                                                        format!("{v}")
                                                    }
                                                }),
                                        )
                                        .labelled_by(head[5])
                                    })
                                    .inner
                                    .changed()
                                {
                                    t.max = (max > 0).then_some(max);
                                }
                                ui.label(format!("{}", t.cost(&options)));
                                if ui
                                    .push_id(("ux", k), |ui| ui.small_button("Remove"))
                                    .inner
                                    .clicked()
                                {
                                    drop = Some(k);
                                }
                                ui.end_row();
                            }
                        });
                        if let Some(k) = drop {
                            list.units.remove(k);
                        }
                        if ui.button("Add unit type").clicked() {
                            let n = list.units.len() + 1;
                            list.units
                                .push(crate::rules::napoleon::model::pickup::UnitType {
                                    id: format!("type{n}"),
                                    name: format!("Infantry {n}"),
                                    kind: crate::scenario::UnitKind::Infantry,
                                    combat: 4,
                                    skirmish: None,
                                    horse: false,
                                    cossack: false,
                                    melee_modifier: 0,
                                    points: None,
                                    min: 0,
                                    max: None,
                                });
                        }
                    });
                for p in list.check() {
                    ui.colored_label(ui.visuals().error_fg_color, p);
                }
                if ui.button("Save army list as…").clicked() {
                    save = true;
                }
            });
        if save {
            self.file_request = Some(crate::app::file_prompt::FileAction::SaveArmyList(i));
        }
        if !open {
            self.editing = None;
        }
    }

    fn side_ui(&mut self, ui: &mut egui::Ui, side: usize) {
        let lists = self.lists.clone();
        let options = self.options.clone();
        let points = self.points;
        let seed = self.seed;
        let file_request = &mut self.file_request;
        let editing = &mut self.editing;
        let plan = &mut self.sides[side];
        ui.push_id(side, |ui| {
            ui.horizontal(|ui| {
                let l = ui.label("Side");
                ui.add(egui::TextEdit::singleline(&mut plan.name).desired_width(120.0))
                    .labelled_by(l.id);
            });
            ui.horizontal(|ui| {
                let label = ui.label("Army list");
                let current = lists.get(plan.list).map_or("none", |l| l.name.as_str());
                egui::ComboBox::from_id_salt("list")
                    .selected_text(current)
                    .show_ui(ui, |ui| {
                        for (i, l) in lists.iter().enumerate() {
                            if ui.selectable_label(plan.list == i, &l.name).clicked()
                                && plan.list != i
                            {
                                plan.list = i;
                                plan.order = build_order(
                                    l,
                                    points,
                                    &options,
                                    &mut Dice::new(seed + side as u64),
                                )
                                .unwrap_or_else(|_| empty_order(Some(l), points));
                            }
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            let Some(list) = lists.get(plan.list) else {
                return;
            };
            ui.label(
                RichText::new(format!(
                    "{}, aggressiveness {:+} (N17). {}",
                    list.nation, list.aggressiveness, list.source
                ))
                .weak()
                .small(),
            );
            ui.horizontal(|ui| {
                ui.label("Played by");
                ui.radio_value(&mut plan.seat, Seat::Human, "a human");
                ui.radio_value(&mut plan.seat, Seat::Computer, "the computer");
            });
            ui.horizontal(|ui| {
                if ui
                    .button("Build by computer")
                    .on_hover_text("A sensible army at the agreed points, from the seed")
                    .clicked()
                    && let Ok(o) =
                        build_order(list, points, &options, &mut Dice::new(seed + side as u64))
                {
                    plan.order = o;
                }
                if ui.button("Clear").clicked() {
                    plan.order = empty_order(Some(list), points);
                }
            });
            ui.horizontal(|ui| {
                use crate::app::file_prompt::FileAction;
                if ui.button("Open army list…").clicked() {
                    *file_request = Some(FileAction::OpenArmyList(side));
                }
                if ui.button("Open order of battle…").clicked() {
                    *file_request = Some(FileAction::OpenOrder(side));
                }
                if ui.button("Save order of battle…").clicked() {
                    *file_request = Some(FileAction::SaveOrder(side));
                }
                if ui
                    .button("Edit army list…")
                    .on_hover_text("Its Generals, leaders and unit types, with limits and points")
                    .clicked()
                {
                    *editing = Some(plan.list);
                }
            });
            ui.horizontal(|ui| {
                let label = ui.label("General");
                egui::ComboBox::from_id_salt("general")
                    .selected_text(plan.order.general.clone())
                    .show_ui(ui, |ui| {
                        for g in &list.generals {
                            ui.selectable_value(
                                &mut plan.order.general,
                                g.name.clone(),
                                format!(
                                    "{} (command {}, {} pts)",
                                    g.name,
                                    g.command_factor,
                                    g.cost(&options.troops.points)
                                ),
                            );
                        }
                    })
                    .response
                    .labelled_by(label.id);
            });
            let mut remove_force = None;
            for (fi, force) in plan.order.forces.iter_mut().enumerate() {
                ui.push_id(fi, |ui| {
                    ui.group(|ui| {
                        ui.horizontal(|ui| {
                            let label = ui.label("Force");
                            ui.add(
                                egui::TextEdit::singleline(&mut force.name).desired_width(150.0),
                            )
                            .labelled_by(label.id);
                            let label = ui.label("led by");
                            egui::ComboBox::from_id_salt("leader")
                                .selected_text(force.leader.clone())
                                .show_ui(ui, |ui| {
                                    for l in &list.leaders {
                                        ui.selectable_value(
                                            &mut force.leader,
                                            l.name.clone(),
                                            format!(
                                                "{} ({:+}, {} pts)",
                                                l.name,
                                                l.factor,
                                                l.cost(&options.troops.points)
                                            ),
                                        );
                                    }
                                })
                                .response
                                .labelled_by(label.id);
                            if ui.small_button("Remove force").clicked() {
                                remove_force = Some(fi);
                            }
                        });
                        let mut remove_unit = None;
                        ui.horizontal_wrapped(|ui| {
                            for (ui_i, id) in force.units.iter().enumerate() {
                                let name =
                                    list.unit_type(id).map_or(id.as_str(), |t| t.name.as_str());
                                if ui
                                    .small_button(format!("{name} ×"))
                                    .on_hover_text("Remove this unit")
                                    .clicked()
                                {
                                    remove_unit = Some(ui_i);
                                }
                            }
                            ui.menu_button("Add unit", |ui| {
                                for t in &list.units {
                                    if ui
                                        .button(format!(
                                            "{} ({} {}, {} pts)",
                                            t.name,
                                            t.kind.name(),
                                            t.combat,
                                            t.cost(&options)
                                        ))
                                        .clicked()
                                    {
                                        force.units.push(t.id.clone());
                                    }
                                }
                            });
                        });
                        if let Some(i) = remove_unit {
                            force.units.remove(i);
                        }
                    });
                });
            }
            if let Some(i) = remove_force {
                plan.order.forces.remove(i);
            }
            if ui.button("Add force").clicked() {
                let used: Vec<&str> = plan
                    .order
                    .forces
                    .iter()
                    .map(|f| f.leader.as_str())
                    .collect();
                if let Some(l) = list
                    .leaders
                    .iter()
                    .find(|l| !used.contains(&l.name.as_str()))
                {
                    plan.order.forces.push(ForcePick {
                        name: format!("{}'s division", l.name),
                        leader: l.name.clone(),
                        units: Vec::new(),
                    });
                }
            }
            let cost = list.cost(&plan.order, &options);
            ui.label(format!(
                "{} spent of {points}: {} left",
                crate::words::counted(cost, "point", "points"),
                points as i64 - cost as i64
            ));
            for p in list.check_order(&plan.order, &options) {
                ui.colored_label(ui.visuals().error_fg_color, p);
            }
        });
    }

    // ----- page 2: the table [3.2] -----------------------------------------

    /// Lets computer seats play their step (one command a frame, so the
    /// table is seen filling).
    pub fn computer_step(&mut self) {
        let Some(p) = &mut self.play else { return };
        if p.d.is_done() || p.seats[p.d.to_act() as usize] != Seat::Computer {
            return;
        }
        let side = p.d.to_act();
        let cmd = deploy_command(&p.d, &mut p.mind);
        p.run(side, cmd);
    }

    fn table_ui(&mut self, ui: &mut egui::Ui, view: &mut MapView) -> WizardAction {
        self.computer_step();
        let mut action = WizardAction::None;
        let Some(p) = &mut self.play else {
            return action;
        };
        if p.seats[p.d.to_act() as usize] == Seat::Computer && !p.d.is_done() {
            ui.ctx().request_repaint();
        }
        egui::Panel::left("pickup steps")
            .resizable(true)
            .default_size(360.0)
            .show(ui, |ui| {
                action = p.steps_ui(ui);
            });
        egui::CentralPanel::default()
            .frame(egui::Frame::NONE)
            .show(ui, |ui| {
                p.map_ui(ui, view, &mut self.map_rect);
            });
        action
    }
}

/// The options of the rulings that shape the table and the procedure:
/// size and areas (N23), margins and spacing (N24, N27), cavalry ties
/// (N26). They are kept with the battle's scenario and its log.
fn table_options_ui(ui: &mut egui::Ui, o: &mut NapoleonOptions) {
    use crate::rules::napoleon::model::{CavalryTie, Edge};
    egui::Grid::new("pickup table options")
        .num_columns(2)
        .show(ui, |ui| {
            let l = ui.label("Columns (N23)");
            ui.add(egui::DragValue::new(&mut o.pickup_columns).range(10..=40))
                .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Reserve area depth, rows (N23)");
            ui.add(egui::DragValue::new(&mut o.pickup_reserve_depth).range(3..=4))
                .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Attacker's edge (N23)");
            ui.horizontal(|ui| {
                ui.radio_value(&mut o.attacker_edge, Edge::North, "north (row 1)");
                ui.radio_value(&mut o.attacker_edge, Edge::South, "south");
            })
            .response
            .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Features from the table edge, hexes (N24)");
            ui.add(egui::DragValue::new(&mut o.edge_margin).range(1..=3))
                .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Features apart, hexes (N24)");
            ui.add(egui::DragValue::new(&mut o.feature_spacing).range(1..=3))
                .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Forward features apart, hexes (N27)");
            ui.add(egui::DragValue::new(&mut o.forward_feature_spacing).range(1..=3))
                .labelled_by(l.id);
            ui.end_row();
            let l = ui.label("Equal cavalry (N26)");
            egui::ComboBox::from_id_salt("cavalry tie")
                .selected_text(match o.cavalry_tie {
                    CavalryTie::NoSuperior => "nobody is superior",
                    CavalryTie::Attacker => "the attacker is superior",
                    CavalryTie::Defender => "the defender is superior",
                })
                .show_ui(ui, |ui| {
                    ui.selectable_value(
                        &mut o.cavalry_tie,
                        CavalryTie::NoSuperior,
                        "nobody is superior",
                    );
                    ui.selectable_value(
                        &mut o.cavalry_tie,
                        CavalryTie::Attacker,
                        "the attacker is superior",
                    );
                    ui.selectable_value(
                        &mut o.cavalry_tie,
                        CavalryTie::Defender,
                        "the defender is superior",
                    );
                })
                .response
                .labelled_by(l.id);
            ui.end_row();
        });
    ui.label(
        RichText::new("The rulings' defaults: 18 columns, reserves 3 deep, the attacker north, 2 hexes from the edge and apart, forward features may touch, nobody superior on a tie.")
            .weak()
            .small(),
    );
}

fn empty_order(list: Option<&ArmyList>, points: u32) -> OrderOfBattle {
    OrderOfBattle {
        version: PICKUP_FORMAT_VERSION,
        list: list.map_or(String::new(), |l| l.name.clone()),
        points,
        general: list
            .and_then(|l| l.generals.first())
            .map_or(String::new(), |g| g.name.clone()),
        forces: Vec::new(),
    }
}

impl crate::app::plugin::Wizard for Wizard {
    fn title(&self) -> (&'static str, &'static str) {
        ("New pick-up battle", "Napoleon rules [3.1][3.2]")
    }

    fn ui(&mut self, ui: &mut egui::Ui, view: &mut MapView) -> WizardAction {
        Wizard::ui(self, ui, view)
    }

    fn take_file_request(&mut self) -> Option<crate::app::file_prompt::FileAction> {
        self.file_request.take()
    }

    /// Reads or writes an army list or an order of battle for a side; a
    /// list read or written is offered again next time.
    fn file_chosen(
        &mut self,
        purpose: crate::app::file_prompt::FileAction,
        path: &std::path::Path,
    ) -> Option<std::path::PathBuf> {
        use crate::app::file_prompt::{FileAction, with_ron};
        let (r, list) = match purpose {
            FileAction::OpenArmyList(side) => (self.open_list(side, path), Some(path.into())),
            FileAction::OpenOrder(side) => (self.open_order(side, path), None),
            FileAction::SaveArmyList(side) => {
                let at = with_ron(path.to_path_buf());
                (self.save_list(side, &at), Some(at))
            }
            FileAction::SaveOrder(side) => {
                (self.save_order(side, &with_ron(path.to_path_buf())), None)
            }
            _ => return None,
        };
        let kept = if r.is_ok() { list } else { None };
        self.error = r.err();
        kept
    }
}
