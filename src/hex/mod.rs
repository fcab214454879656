//! Grid geometry: offset coordinates with CCRR labels, directions,
//! hexsides, distance, rings, ranges, lines and the pixel layout used for
//! drawing and hit-testing, for hex grids and for grids of square boxes.
//!
//! A box grid (`Orientation::Boxes`, RULINGS-ONE-HOUR H1-H8) uses the same
//! types: a box is a [`Hex`] (its column and row), a box side is a
//! [`Hexside`] (keyed on N or E, shared by the two boxes), and the grid's
//! directions are the 8 compass points of which N, E, S and W are sides.
//!
//! Every map in Vedette is an offset rectangle: columns and rows numbered from
//! 1, printed as `CCRR` labels (`0101` is the north-west corner). Which
//! columns (flat-top) or rows (pointy-top) sit half a hex lower (or further
//! right) is a property of the [`Grid`], so all neighbour and distance
//! questions go through it. Internally the math is done in axial coordinates
//! (see Amit Patel's "Hexagonal Grids" article for the conventions).
//!
//! This module is pure: no I/O, no randomness, no UI types.

mod layout;

pub use layout::{Corners, Layout, Point};

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// Largest coordinate, up or down, a hex label may give. Hexes just outside
/// a map (column 0, the column past the last) must be nameable for the
/// hexsides along its edge, and maps have at most 999 columns; anything
/// past this is refused when a label is read, so every label that is
/// written reads back (`"2147483647,2147483647"` once did not).
pub const MAX_COORD: i32 = 9_999;

/// A hex in offset coordinates, as printed on the map (`col` 1 and `row` 1
/// are the north-west corner hex `0101`). Coordinates outside the map are
/// allowed: neighbours of edge hexes and hexsides that lead off the map need
/// them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex {
    pub col: i32,
    pub row: i32,
}

impl Hex {
    pub const fn new(col: i32, row: i32) -> Self {
        Hex { col, row }
    }

    /// The CCRR label: two digits each for column and row, or more when
    /// either needs more (`100005` is column 100, row 5). Labels of hexes
    /// with a negative coordinate read `c,r` so that every hex round-trips.
    pub fn label(self) -> String {
        if self.col < 0 || self.row < 0 {
            return format!("{},{}", self.col, self.row);
        }
        let width = digits(self.col).max(digits(self.row)).max(2);
        self.label_with_width(width)
    }

    /// The label with exactly `width` digits per part (at least as many as
    /// the coordinates need): maps wider than 99 columns print every hex
    /// with the same width.
    pub fn label_with_width(self, width: usize) -> String {
        if self.col < 0 || self.row < 0 {
            return format!("{},{}", self.col, self.row);
        }
        format!("{:0width$}{:0width$}", self.col, self.row, width = width)
    }
}

/// Number of decimal digits of a non-negative number.
fn digits(n: i32) -> usize {
    let mut n = n.unsigned_abs();
    let mut d = 1;
    while n >= 10 {
        n /= 10;
        d += 1;
    }
    d
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label())
    }
}

/// Why a text is not a hex label.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct HexLabelError {
    pub text: String,
    /// The label reads as numbers, but past [`MAX_COORD`].
    pub out_of_range: bool,
}

impl HexLabelError {
    fn describe(&self) -> String {
        if self.out_of_range {
            format!(
                "`{}` is outside the hexes a map can have: coordinates go from -{MAX_COORD} to {MAX_COORD}",
                self.text
            )
        } else {
            format!(
                "`{}` is not a hex label: expected CCRR digits such as `0914` (column 09, row 14)",
                self.text
            )
        }
    }
}

impl FromStr for Hex {
    type Err = HexLabelError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || HexLabelError {
            text: s.chars().take(40).collect(),
            out_of_range: false,
        };
        let in_range = |v: i32| (-MAX_COORD..=MAX_COORD).contains(&v);
        let (col, row): (i32, i32) = if let Some((c, r)) = s.split_once(',') {
            (
                c.trim().parse().map_err(|_| err())?,
                r.trim().parse().map_err(|_| err())?,
            )
        } else {
            if s.len() < 4
                || !s.len().is_multiple_of(2)
                || s.len() > 18
                || !s.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(err());
            }
            let half = s.len() / 2;
            (
                s[..half].parse().map_err(|_| err())?,
                s[half..].parse().map_err(|_| err())?,
            )
        };
        if !in_range(col) || !in_range(row) {
            return Err(HexLabelError {
                text: s.chars().take(40).collect(),
                out_of_range: true,
            });
        }
        Ok(Hex { col, row })
    }
}

impl Serialize for Hex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.label())
    }
}

impl<'de> Deserialize<'de> for Hex {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Whether hexes have a flat edge or a corner at the top.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Orientation {
    /// Flat edge at the top: hexes form columns, and every other column is
    /// shifted half a hex down. The usual wargame layout.
    #[default]
    FlatTop,
    /// Corner at the top: hexes form rows, and every other row is shifted
    /// half a hex right.
    PointyTop,
    /// Not hexes: square boxes in plain columns and rows (RULINGS-ONE-HOUR
    /// H1). Every box has 8 neighbours, 4 across a side (N, E, S, W) and 4
    /// across a corner; the stagger means nothing here.
    Boxes,
}

/// Which columns (flat-top) or rows (pointy-top) are shifted by half a hex:
/// down for columns, right for rows. Numbers are the printed 1-based ones, so
/// `Even` means columns 02, 04, ... sit lower than 01, 03, ...
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
pub enum Stagger {
    #[default]
    Even,
    Odd,
}

/// A compass direction. Flat-top grids use N, NE, SE, S, SW, NW; pointy-top
/// grids use NE, E, SE, SW, W, NW.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Dir {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Dir {
    pub const fn name(self) -> &'static str {
        match self {
            Dir::N => "N",
            Dir::NE => "NE",
            Dir::E => "E",
            Dir::SE => "SE",
            Dir::S => "S",
            Dir::SW => "SW",
            Dir::W => "W",
            Dir::NW => "NW",
        }
    }

    pub fn parse(s: &str) -> Option<Dir> {
        Some(match s {
            "N" => Dir::N,
            "NE" => Dir::NE,
            "E" => Dir::E,
            "SE" => Dir::SE,
            "S" => Dir::S,
            "SW" => Dir::SW,
            "W" => Dir::W,
            "NW" => Dir::NW,
            _ => return None,
        })
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A few values held inline (at most `N`): a grid's neighbours or a cell's
/// corners, whose number depends on the grid, without allocating.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Few<T: Copy, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Copy, const N: usize> Few<T, N> {
    fn from_fn(len: usize, fill: T, mut f: impl FnMut(usize) -> T) -> Self {
        debug_assert!(len <= N);
        let len = len.min(N);
        let mut items = [fill; N];
        for (i, slot) in items.iter_mut().enumerate().take(len) {
            *slot = f(i);
        }
        Few {
            items,
            len: len as u8,
        }
    }
}

impl<T: Copy, const N: usize> std::ops::Deref for Few<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy, const N: usize> IntoIterator for Few<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len as usize)
    }
}

impl<'a, T: Copy, const N: usize> IntoIterator for &'a Few<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// The neighbours of a cell: 6 on a hex grid, 8 on a box grid.
pub type Neighbours = Few<Hex, 8>;

const FLAT_DIRS: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];
const POINTY_DIRS: [Dir; 6] = [Dir::NE, Dir::E, Dir::SE, Dir::SW, Dir::W, Dir::NW];
/// Axial steps in the order of `FLAT_DIRS`.
const FLAT_STEPS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];
/// Axial steps in the order of `POINTY_DIRS`.
const POINTY_STEPS: [(i32, i32); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];
/// A box's 8 directions, clockwise from the top.
const BOX_DIRS: [Dir; 8] = [
    Dir::N,
    Dir::NE,
    Dir::E,
    Dir::SE,
    Dir::S,
    Dir::SW,
    Dir::W,
    Dir::NW,
];
/// The 4 directions across a box's sides (H2: a unit faces one of these).
const BOX_SIDES: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];
/// (column, row) steps in the order of `BOX_DIRS`.
const BOX_STEPS: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// Axial coordinates (q, r); the third cube coordinate is `-q - r`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Axial {
    pub q: i32,
    pub r: i32,
}

impl Axial {
    pub fn distance(self, other: Axial) -> u32 {
        let dq = (self.q - other.q).abs();
        let dr = (self.r - other.r).abs();
        let ds = (self.q + self.r - other.q - other.r).abs();
        dq.max(dr).max(ds) as u32
    }
}

/// The geometry of a map's grid: orientation and stagger. Every question
/// that depends on how offset coordinates are laid out goes through here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Grid {
    pub orientation: Orientation,
    pub stagger: Stagger,
}

/// One side of a hex, named canonically so that the two hexes sharing it get
/// the same key: the hex and one of the first three directions of the grid
/// (N, NE, SE for flat-top; NE, E, SE for pointy-top). On a box grid the key
/// is the box and N or E for a side, NE or SE for a corner crossing between
/// diagonal neighbours (roads only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hexside {
    pub hex: Hex,
    pub dir: Dir,
}

impl fmt::Display for Hexside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.hex, self.dir)
    }
}

/// Why a text is not a hexside key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not a hexside: expected a hex label and a direction such as `0914/NW`")]
pub struct HexsideParseError {
    pub text: String,
}

impl FromStr for Hexside {
    type Err = HexsideParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || HexsideParseError {
            text: s.chars().take(40).collect(),
        };
        let (h, d) = s.split_once('/').ok_or_else(err)?;
        let hex: Hex = h.trim().parse().map_err(|_| err())?;
        let dir = Dir::parse(d.trim()).ok_or_else(err)?;
        // The hex parsed, so it is within MAX_COORD; `Grid::canonical`
        // refuses a key whose hex on the other side would not be.
        Ok(Hexside { hex, dir })
    }
}

impl Serialize for Hexside {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_string())
    }
}

impl<'de> Deserialize<'de> for Hexside {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// One step of a line between two hex centres: usually one hex, two when
/// the line runs exactly along the hexside between them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LineStep {
    One(Hex),
    Either(Hex, Hex),
}

impl LineStep {
    pub fn hexes(self) -> impl Iterator<Item = Hex> {
        let (a, b) = match self {
            LineStep::One(h) => (h, None),
            LineStep::Either(a, b) => (a, Some(b)),
        };
        std::iter::once(a).chain(b)
    }
}

impl Grid {
    pub const fn new(orientation: Orientation, stagger: Stagger) -> Self {
        Grid {
            orientation,
            stagger,
        }
    }

    /// Whether this grid is of square boxes rather than hexes.
    pub const fn is_boxes(self) -> bool {
        matches!(self.orientation, Orientation::Boxes)
    }

    /// What one cell of this grid is called in a sentence: "hex" or "box".
    pub const fn cell_word(self) -> &'static str {
        if self.is_boxes() { "box" } else { "hex" }
    }

    /// What one side of a cell is called: "hexside" or "box side".
    pub const fn side_word(self) -> &'static str {
        if self.is_boxes() {
            "box side"
        } else {
            "hexside"
        }
    }

    /// The directions to this grid's neighbours, clockwise, starting at the
    /// top: 6 on a hex grid, 8 on a box grid.
    pub fn dirs(self) -> &'static [Dir] {
        match self.orientation {
            Orientation::FlatTop => &FLAT_DIRS,
            Orientation::PointyTop => &POINTY_DIRS,
            Orientation::Boxes => &BOX_DIRS,
        }
    }

    /// The directions across a side, clockwise from the top: a cell's sides
    /// and the facings a unit may take. All 6 on a hex grid; N, E, S, W on a
    /// box grid, whose diagonal neighbours touch only at a corner.
    pub fn sides(self) -> &'static [Dir] {
        match self.orientation {
            Orientation::Boxes => &BOX_SIDES,
            _ => self.dirs(),
        }
    }

    /// Index of a direction in [`Grid::dirs`], or `None` when the direction
    /// does not exist on this grid (E on a flat-top grid).
    pub fn dir_index(self, dir: Dir) -> Option<usize> {
        self.dirs().iter().position(|&d| d == dir)
    }

    pub fn opposite(self, dir: Dir) -> Option<Dir> {
        let i = self.dir_index(dir)?;
        let n = self.dirs().len();
        Some(self.dirs()[(i + n / 2) % n])
    }

    /// Whether `dir` crosses a side of a cell (every hex direction; N, E,
    /// S, W on boxes).
    pub fn is_side(self, dir: Dir) -> bool {
        self.sides().contains(&dir)
    }

    /// `dir` if it crosses a side of this grid, else the side nearest it
    /// by compass bearing (the first clockwise from the top on a tie): a
    /// facing chosen on one grid carried to another (S stays S from hexes
    /// to boxes; N becomes NE on pointy-top hexes).
    pub fn nearest_side(self, dir: Dir) -> Dir {
        if self.is_side(dir) {
            return dir;
        }
        let bearing = |d: Dir| BOX_DIRS.iter().position(|&x| x == d).unwrap_or(0) as i32 * 45;
        let b = bearing(dir);
        let off = |d: Dir| {
            let x = (bearing(d) - b).rem_euclid(360);
            x.min(360 - x)
        };
        self.sides()
            .iter()
            .copied()
            .min_by_key(|&d| off(d))
            .unwrap_or(dir)
    }

    fn steps(self) -> &'static [(i32, i32)] {
        match self.orientation {
            Orientation::FlatTop => &FLAT_STEPS,
            Orientation::PointyTop => &POINTY_STEPS,
            Orientation::Boxes => &BOX_STEPS,
        }
    }

    fn stagger_add(self) -> i32 {
        match self.stagger {
            Stagger::Even => 1,
            Stagger::Odd => 0,
        }
    }

    /// Axial coordinates of a hex. On a box grid, the column and row
    /// themselves (no axial system is needed there).
    pub fn to_axial(self, h: Hex) -> Axial {
        let a = self.stagger_add();
        match self.orientation {
            Orientation::Boxes => Axial { q: h.col, r: h.row },
            Orientation::FlatTop => Axial {
                q: h.col,
                r: h.row - (h.col + a).div_euclid(2),
            },
            Orientation::PointyTop => Axial {
                q: h.col - (h.row + a).div_euclid(2),
                r: h.row,
            },
        }
    }

    pub fn from_axial(self, x: Axial) -> Hex {
        let a = self.stagger_add();
        match self.orientation {
            Orientation::Boxes => Hex { col: x.q, row: x.r },
            Orientation::FlatTop => Hex {
                col: x.q,
                row: x.r + (x.q + a).div_euclid(2),
            },
            Orientation::PointyTop => Hex {
                col: x.q + (x.r + a).div_euclid(2),
                row: x.r,
            },
        }
    }

    /// Whether this column (flat-top) or row (pointy-top) is the shifted one.
    pub fn is_shifted(self, h: Hex) -> bool {
        let n = match self.orientation {
            Orientation::FlatTop => h.col,
            Orientation::PointyTop => h.row,
            Orientation::Boxes => return false,
        };
        match self.stagger {
            Stagger::Even => n.rem_euclid(2) == 0,
            Stagger::Odd => n.rem_euclid(2) == 1,
        }
    }

    /// The neighbour across the given side, or `None` if the direction does
    /// not exist on this grid.
    pub fn neighbour(self, h: Hex, dir: Dir) -> Option<Hex> {
        let i = self.dir_index(dir)?;
        Some(self.neighbour_by_index(h, i))
    }

    /// The neighbour in direction `i` of [`Grid::dirs`] (taken modulo their
    /// number).
    pub fn neighbour_by_index(self, h: Hex, i: usize) -> Hex {
        let steps = self.steps();
        let (dq, dr) = steps[i % steps.len()];
        let a = self.to_axial(h);
        self.from_axial(Axial {
            q: a.q + dq,
            r: a.r + dr,
        })
    }

    /// All neighbours, in the order of [`Grid::dirs`].
    pub fn neighbours(self, h: Hex) -> Neighbours {
        let a = self.to_axial(h);
        let steps = self.steps();
        Few::from_fn(steps.len(), h, |i| {
            let (dq, dr) = steps[i];
            self.from_axial(Axial {
                q: a.q + dq,
                r: a.r + dr,
            })
        })
    }

    /// The direction from `a` to its neighbour `b`, if they are adjacent.
    pub fn direction_to(self, a: Hex, b: Hex) -> Option<Dir> {
        let n = self.neighbours(a);
        n.iter().position(|&x| x == b).map(|i| self.dirs()[i])
    }

    pub fn are_adjacent(self, a: Hex, b: Hex) -> bool {
        self.distance(a, b) == 1
    }

    /// Distance in steps: hexes on a hex grid; on a box grid the Chebyshev
    /// count, a diagonal neighbour being 1 step away (H5).
    pub fn distance(self, a: Hex, b: Hex) -> u32 {
        if self.is_boxes() {
            let dc = (a.col - b.col).unsigned_abs();
            let dr = (a.row - b.row).unsigned_abs();
            return dc.max(dr);
        }
        self.to_axial(a).distance(self.to_axial(b))
    }

    /// What one step from `a` to its neighbour `b` costs, in half steps:
    /// 2 across a side, 3 across a box's corner (the 1.5 of H3, kept exact).
    /// `None` when they are not neighbours.
    pub fn step_cost_halves(self, a: Hex, b: Hex) -> Option<u32> {
        let dir = self.direction_to(a, b)?;
        Some(if self.is_side(dir) { 2 } else { 3 })
    }

    /// The cheapest path cost from `a` to `b` over open ground, in half
    /// steps: twice the distance on hexes; on boxes 3 per diagonal and 2 per
    /// straight step (an octile distance).
    pub fn path_cost_halves(self, a: Hex, b: Hex) -> u32 {
        if self.is_boxes() {
            let dc = (a.col - b.col).unsigned_abs();
            let dr = (a.row - b.row).unsigned_abs();
            let (lo, hi) = (dc.min(dr), dc.max(dr));
            return 3 * lo + 2 * (hi - lo);
        }
        2 * self.distance(a, b)
    }

    /// The canonical key of the side of `h` facing `dir`, shared with the
    /// neighbour on the other side. `None` if the direction does not exist on
    /// this grid.
    ///
    /// On a box grid the key of a side is the box and N or E. A diagonal
    /// direction crosses a corner, not a side: its key names the crossing
    /// between the two boxes that meet only there (the box and NE or SE),
    /// which only a road may use (RULINGS-ONE-HOUR H33, H46); see
    /// [`Grid::is_side`].
    pub fn hexside(self, h: Hex, dir: Dir) -> Option<Hexside> {
        let i = self.dir_index(dir)?;
        if self.is_boxes() {
            return match dir {
                Dir::N | Dir::NE | Dir::E | Dir::SE => Some(Hexside { hex: h, dir }),
                Dir::S | Dir::SW | Dir::W | Dir::NW => Some(Hexside {
                    hex: self.neighbour_by_index(h, i),
                    dir: self.dirs()[(i + 4) % 8],
                }),
            };
        }
        Some(if i < 3 {
            Hexside { hex: h, dir }
        } else {
            Hexside {
                hex: self.neighbour_by_index(h, i),
                dir: self.dirs()[i - 3],
            }
        })
    }

    /// The canonical form of a hexside written from either side; `None`
    /// for a direction this grid lacks, or when the canonical key would name
    /// a hex past [`MAX_COORD`] (its label could not be read back).
    pub fn canonical(self, side: Hexside) -> Option<Hexside> {
        let key = self.hexside(side.hex, side.dir)?;
        let nameable = |v: i32| (-MAX_COORD..=MAX_COORD).contains(&v);
        (nameable(key.hex.col) && nameable(key.hex.row)).then_some(key)
    }

    /// The hexside between two adjacent hexes.
    pub fn hexside_between(self, a: Hex, b: Hex) -> Option<Hexside> {
        let dir = self.direction_to(a, b)?;
        self.hexside(a, dir)
    }

    /// The two hexes on either side of a hexside.
    pub fn hexside_hexes(self, side: Hexside) -> Option<(Hex, Hex)> {
        Some((side.hex, self.neighbour(side.hex, side.dir)?))
    }

    /// The hexes at exactly `radius` steps, clockwise. Radius 0 is the hex
    /// itself.
    pub fn ring(self, center: Hex, radius: u32) -> Vec<Hex> {
        if radius == 0 {
            return vec![center];
        }
        if self.is_boxes() {
            // The square of side 2r + 1, from its north-west corner, east
            // then clockwise.
            let r = radius as i32;
            let mut cur = Hex::new(center.col - r, center.row - r);
            let mut out = Vec::with_capacity(8 * radius as usize);
            for (dc, dr) in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                for _ in 0..2 * r {
                    out.push(cur);
                    cur = Hex::new(cur.col + dc, cur.row + dr);
                }
            }
            return out;
        }
        let steps = self.steps();
        let c = self.to_axial(center);
        let r = radius as i32;
        // Start `radius` steps in direction 4 and walk the six sides.
        let mut cur = Axial {
            q: c.q + steps[4].0 * r,
            r: c.r + steps[4].1 * r,
        };
        let mut out = Vec::with_capacity(6 * radius as usize);
        for &(dq, dr) in steps {
            for _ in 0..radius {
                out.push(self.from_axial(cur));
                cur = Axial {
                    q: cur.q + dq,
                    r: cur.r + dr,
                };
            }
        }
        out
    }

    /// Every hex within `radius` steps, the centre included.
    pub fn range(self, center: Hex, radius: u32) -> Vec<Hex> {
        let c = self.to_axial(center);
        let n = radius as i32;
        if self.is_boxes() {
            let mut out = Vec::with_capacity((2 * n as usize + 1).pow(2));
            for row in c.r - n..=c.r + n {
                for col in c.q - n..=c.q + n {
                    out.push(Hex::new(col, row));
                }
            }
            return out;
        }
        let mut out = Vec::new();
        for dq in -n..=n {
            for dr in (-n).max(-dq - n)..=n.min(-dq + n) {
                out.push(self.from_axial(Axial {
                    q: c.q + dq,
                    r: c.r + dr,
                }));
            }
        }
        out
    }

    /// The hexes a straight line between two hex centres passes through,
    /// both ends included. Where the line runs exactly along a hexside, both
    /// hexes are reported as one [`LineStep::Either`], so the caller decides
    /// (line of sight rules usually do). The result is the same, reversed,
    /// for `line(b, a)`.
    ///
    /// On a box grid the line holds every box whose interior it crosses;
    /// where it passes exactly through a corner, the two boxes meeting there
    /// that it does not enter are one `Either` (H7).
    pub fn line(self, a: Hex, b: Hex) -> Vec<LineStep> {
        if self.is_boxes() {
            return box_line(a, b);
        }
        let n = self.distance(a, b);
        let pa = self.to_axial(a);
        let pb = self.to_axial(b);
        // Sample each step nudged to either side of the segment: the two
        // samples differ exactly when the line touches a hexside there. The
        // nudge (e, 2e, -3e) in cube coordinates is not parallel to any
        // hexside, so it always crosses one that the line runs along.
        let eps = 1e-6;
        let mut out = Vec::with_capacity(n as usize + 1);
        for i in 0..=n {
            let t = if n == 0 { 0.0 } else { i as f64 / n as f64 };
            let q = pa.q as f64 + (pb.q - pa.q) as f64 * t;
            let r = pa.r as f64 + (pb.r - pa.r) as f64 * t;
            let h1 = self.from_axial(axial_round(q + eps, r + 2.0 * eps));
            let h2 = self.from_axial(axial_round(q - eps, r - 2.0 * eps));
            if h1 == h2 {
                out.push(LineStep::One(h1));
            } else {
                // Order the pair so that line(b, a) is line(a, b) reversed.
                let (x, y) = if h1 <= h2 { (h1, h2) } else { (h2, h1) };
                out.push(LineStep::Either(x, y));
            }
        }
        out
    }

    /// The line as single hexes, ties broken one fixed way (towards the
    /// larger cube coordinate `q`); for drawing.
    pub fn line_hexes(self, a: Hex, b: Hex) -> Vec<Hex> {
        self.line(a, b)
            .into_iter()
            .map(|s| match s {
                LineStep::One(h) => h,
                LineStep::Either(x, y) => {
                    if self.to_axial(x).q >= self.to_axial(y).q {
                        x
                    } else {
                        y
                    }
                }
            })
            .collect()
    }
}

/// The boxes a straight line between two box centres crosses, both ends
/// included, walked exactly in integers. With the line going `dc` columns
/// and `dr` rows, it leaves the current box sideways at parameter
/// `(2i + 1) / 2|dc|` and up or down at `(2j + 1) / 2|dr|`; comparing
/// `(2i + 1)|dr|` with `(2j + 1)|dc|` says which comes first, and equality
/// is a corner: the line then goes diagonally, and the two boxes touching
/// that corner are reported as an `Either`, ordered so that the reversed
/// line reports the same pair.
fn box_line(a: Hex, b: Hex) -> Vec<LineStep> {
    let (dc, dr) = (b.col - a.col, b.row - a.row);
    let (nc, nr) = (i64::from(dc.unsigned_abs()), i64::from(dr.unsigned_abs()));
    let (sc, sr) = (dc.signum(), dr.signum());
    let mut out = Vec::with_capacity((nc + nr + 1) as usize);
    let mut cur = a;
    out.push(LineStep::One(cur));
    let (mut i, mut j) = (0i64, 0i64);
    while i < nc || j < nr {
        let across = (2 * i + 1) * nr;
        let down = (2 * j + 1) * nc;
        if across == down {
            let x = Hex::new(cur.col + sc, cur.row);
            let y = Hex::new(cur.col, cur.row + sr);
            let (x, y) = if x <= y { (x, y) } else { (y, x) };
            out.push(LineStep::Either(x, y));
            cur = Hex::new(cur.col + sc, cur.row + sr);
            i += 1;
            j += 1;
        } else if across < down {
            cur = Hex::new(cur.col + sc, cur.row);
            i += 1;
        } else {
            cur = Hex::new(cur.col, cur.row + sr);
            j += 1;
        }
        out.push(LineStep::One(cur));
    }
    out
}

/// Rounds fractional axial coordinates to the nearest hex (cube rounding).
pub fn axial_round(q: f64, r: f64) -> Axial {
    let s = -q - r;
    let mut rq = q.round();
    let mut rr = r.round();
    let rs = s.round();
    let dq = (rq - q).abs();
    let dr = (rr - r).abs();
    let ds = (rs - s).abs();
    if dq > dr && dq > ds {
        rq = -rr - rs;
    } else if dr > ds {
        rr = -rq - rs;
    }
    Axial {
        q: rq as i32,
        r: rr as i32,
    }
}

#[cfg(test)]
mod tests;
