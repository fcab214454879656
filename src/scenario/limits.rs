//! The model's limits: the largest value of each number a scenario or map
//! may hold. `validate` refuses anything beyond them with a message that
//! names the limit, so the engine, the computer players and the sheet never
//! see a number they cannot use (a movement cost of 4,294,967,295 once made
//! the engine try to allocate 4 GiB).
//!
//! Limits that depend on the rule set (how many hexes and units its engine
//! can index) are in [`crate::scenario::RuleSupport`].

/// Largest map side, in hexes.
pub const MAX_MAP_SIDE: u32 = 999;

/// Largest hex coordinate, up or down, a file may name
/// ([`crate::hex::MAX_COORD`]): hex labels are refused past it on load, so
/// every label Vedette writes reads back.
pub const MAX_HEX_COORD: i32 = crate::hex::MAX_COORD;

/// Largest combat strength of a unit.
pub const MAX_STRENGTH: u32 = 99;

/// Largest movement allowance of a unit.
pub const MAX_MOVEMENT: u32 = 50;

/// Largest movement cost of a terrain kind or a hexside crossing. A cost
/// above every allowance simply means "never entered"; say `Prohibited`.
pub const MAX_TERRAIN_COST: u32 = 99;

/// Largest defence multiplier of a terrain kind.
pub const MAX_DEFENCE_MULTIPLIER: u32 = 10;

/// Most Game-Turns in a game.
pub const MAX_TURNS: u32 = 999;

/// Most units in a scenario, whatever the rule set.
pub const MAX_UNITS: usize = 60_000;

/// Largest loss threshold, in strength points (more than every unit of the
/// largest scenario at the largest strength).
pub const MAX_LOSS_THRESHOLD: u32 = 9_999_999;

/// Largest number on either side of a CRT column's odds ("99:1").
pub const MAX_ODDS_TERM: u32 = 99;

/// Most odds columns in a combat results table.
pub const MAX_CRT_COLUMNS: usize = 40;

/// Largest value of a victory hex, in points.
pub const MAX_VICTORY_POINTS: u32 = 9_999;

/// Largest elevation of a hex, up or down, in contour steps.
pub const MAX_ELEVATION: i32 = 999;

/// Largest troop-table value (movement, range, dice, capacity) of the hex
/// miniatures rules.
pub const MAX_TROOP_VALUE: u32 = 20;

/// Largest scenario or map file read, in bytes. The Waterloo scenario is
/// about 20 KB and a 999x999 map about 1 MB; anything this size is not a
/// scenario (`/dev/zero` once filled the memory).
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// The longest name, id, title or one-line text (characters): names are
/// printed on counters, sheets and terminals (issue 35 item 33: a 10 MB
/// title took `sheet` 70 s).
pub const MAX_NAME_CHARS: usize = 200;

/// The longest free text (a description, the designer's notes).
pub const MAX_TEXT_CHARS: usize = 20_000;

/// The most points an order of battle may be agreed at (N18): ten times
/// the rules' 1,000. Building an order grows with its units, so an
/// unbounded figure made one battle take 30 s (issue 35 item 33).
pub const MAX_PICKUP_POINTS: u32 = 10_000;

/// The most units of one type an army list may ask for or allow, and the
/// most entries (Generals, leaders, unit types) of each kind in a list.
pub const MAX_PICKUP_ENTRIES: u32 = 500;

/// The largest aggressiveness of an army list, up or down (N17): added to
/// a die, so anything larger decides every roll (and near `i32::MAX` it
/// wrapped, N22).
pub const MAX_AGGRESSIVENESS: i32 = 20;
