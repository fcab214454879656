//! Hex-grid geometry: offset coordinates with CCRR labels, directions,
//! hexsides, distance, rings, ranges, lines and the pixel layout used for
//! drawing and hit-testing.
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

pub use layout::{Layout, Point};

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

const FLAT_DIRS: [Dir; 6] = [Dir::N, Dir::NE, Dir::SE, Dir::S, Dir::SW, Dir::NW];
const POINTY_DIRS: [Dir; 6] = [Dir::NE, Dir::E, Dir::SE, Dir::SW, Dir::W, Dir::NW];
/// Axial steps in the order of `FLAT_DIRS`.
const FLAT_STEPS: [(i32, i32); 6] = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)];
/// Axial steps in the order of `POINTY_DIRS`.
const POINTY_STEPS: [(i32, i32); 6] = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)];

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
/// (N, NE, SE for flat-top; NE, E, SE for pointy-top).
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

    /// The six directions of this grid, clockwise, starting at the top.
    pub fn dirs(self) -> [Dir; 6] {
        match self.orientation {
            Orientation::FlatTop => FLAT_DIRS,
            Orientation::PointyTop => POINTY_DIRS,
        }
    }

    /// Index of a direction in [`Grid::dirs`], or `None` when the direction
    /// does not exist on this grid (E on a flat-top grid).
    pub fn dir_index(self, dir: Dir) -> Option<usize> {
        self.dirs().iter().position(|&d| d == dir)
    }

    pub fn opposite(self, dir: Dir) -> Option<Dir> {
        let i = self.dir_index(dir)?;
        Some(self.dirs()[(i + 3) % 6])
    }

    fn steps(self) -> [(i32, i32); 6] {
        match self.orientation {
            Orientation::FlatTop => FLAT_STEPS,
            Orientation::PointyTop => POINTY_STEPS,
        }
    }

    fn stagger_add(self) -> i32 {
        match self.stagger {
            Stagger::Even => 1,
            Stagger::Odd => 0,
        }
    }

    pub fn to_axial(self, h: Hex) -> Axial {
        let a = self.stagger_add();
        match self.orientation {
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

    /// The neighbour in direction `i` of [`Grid::dirs`] (taken modulo 6).
    pub fn neighbour_by_index(self, h: Hex, i: usize) -> Hex {
        let (dq, dr) = self.steps()[i % 6];
        let a = self.to_axial(h);
        self.from_axial(Axial {
            q: a.q + dq,
            r: a.r + dr,
        })
    }

    /// All six neighbours, in the order of [`Grid::dirs`].
    pub fn neighbours(self, h: Hex) -> [Hex; 6] {
        let a = self.to_axial(h);
        self.steps().map(|(dq, dr)| {
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

    pub fn distance(self, a: Hex, b: Hex) -> u32 {
        self.to_axial(a).distance(self.to_axial(b))
    }

    /// The canonical key of the side of `h` facing `dir`, shared with the
    /// neighbour on the other side. `None` if the direction does not exist on
    /// this grid.
    pub fn hexside(self, h: Hex, dir: Dir) -> Option<Hexside> {
        let i = self.dir_index(dir)?;
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
        let steps = self.steps();
        let c = self.to_axial(center);
        let r = radius as i32;
        // Start `radius` steps in direction 4 and walk the six sides.
        let mut cur = Axial {
            q: c.q + steps[4].0 * r,
            r: c.r + steps[4].1 * r,
        };
        let mut out = Vec::with_capacity(6 * radius as usize);
        for (dq, dr) in steps {
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
    pub fn line(self, a: Hex, b: Hex) -> Vec<LineStep> {
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
