//! Pixel layout of a grid: where a hex or box is drawn, and which cell or
//! side lies under a point. Screen convention: x right, y down.

use super::{Axial, Dir, Few, Grid, Hex, Hexside, Orientation, axial_round};

const SQRT3: f64 = 1.732_050_807_568_877_2;

/// A point in layout (pixel) space.
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Point {
    pub x: f64,
    pub y: f64,
}

impl Point {
    pub const fn new(x: f64, y: f64) -> Self {
        Point { x, y }
    }

    pub fn distance(self, o: Point) -> f64 {
        ((self.x - o.x).powi(2) + (self.y - o.y).powi(2)).sqrt()
    }
}

/// The corners of one cell: 6 for a hex, 4 for a box.
pub type Corners = Few<Point, 6>;

/// How a grid is placed on the plane: hex size (centre to corner) and where
/// the axial origin lies. A box is as wide as a flat-top hex is high
/// (`size` times the square root of 3), so the same zoom shows about as
/// many cells either way.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Layout {
    pub grid: Grid,
    /// Distance from a hex centre to its corners.
    pub size: f64,
    /// Pixel position of the axial origin (not of hex 0101).
    pub origin: Point,
}

impl Layout {
    pub fn new(grid: Grid, size: f64, origin: Point) -> Self {
        Layout { grid, size, origin }
    }

    /// A layout whose hex 0101 has its centre at `first_center`.
    pub fn with_first_hex_at(grid: Grid, size: f64, first_center: Point) -> Self {
        let probe = Layout::new(grid, size, Point::default());
        let c = probe.center(Hex::new(1, 1));
        Layout::new(
            grid,
            size,
            Point::new(first_center.x - c.x, first_center.y - c.y),
        )
    }

    /// Width and height of one hex (corner to corner, flat to flat) or box.
    pub fn hex_extent(&self) -> (f64, f64) {
        match self.grid.orientation {
            Orientation::FlatTop => (2.0 * self.size, SQRT3 * self.size),
            Orientation::PointyTop => (SQRT3 * self.size, 2.0 * self.size),
            Orientation::Boxes => (self.box_side(), self.box_side()),
        }
    }

    /// The side of a box on a box grid.
    fn box_side(&self) -> f64 {
        SQRT3 * self.size
    }

    /// The number of corners of a cell: 6, or 4 for a box.
    pub fn corner_count(&self) -> usize {
        if self.grid.is_boxes() { 4 } else { 6 }
    }

    pub fn center(&self, h: Hex) -> Point {
        let a = self.grid.to_axial(h);
        let (q, r) = (a.q as f64, a.r as f64);
        let (x, y) = match self.grid.orientation {
            Orientation::FlatTop => (1.5 * q, SQRT3 * (r + q / 2.0)),
            Orientation::PointyTop => (SQRT3 * (q + r / 2.0), 1.5 * r),
            Orientation::Boxes => (SQRT3 * q, SQRT3 * r),
        };
        Point::new(self.origin.x + x * self.size, self.origin.y + y * self.size)
    }

    /// Fractional axial coordinates of a point.
    fn fractional(&self, p: Point) -> (f64, f64) {
        let x = (p.x - self.origin.x) / self.size;
        let y = (p.y - self.origin.y) / self.size;
        match self.grid.orientation {
            Orientation::FlatTop => (2.0 / 3.0 * x, -x / 3.0 + SQRT3 / 3.0 * y),
            Orientation::PointyTop => (SQRT3 / 3.0 * x - y / 3.0, 2.0 / 3.0 * y),
            Orientation::Boxes => (x / SQRT3, y / SQRT3),
        }
    }

    /// The hex or box whose area contains the point (on a boundary, one of
    /// the touching cells).
    pub fn hex_at(&self, p: Point) -> Hex {
        let (q, r) = self.fractional(p);
        if self.grid.is_boxes() {
            return Hex::new(q.round() as i32, r.round() as i32);
        }
        self.grid.from_axial(axial_round(q, r))
    }

    /// Corner `i` of a cell (taken modulo [`Layout::corner_count`]):
    /// flat-top hexes start at the east corner, pointy-top hexes and boxes
    /// at the south-east one, all going clockwise on screen.
    pub fn corner(&self, h: Hex, i: usize) -> Point {
        let c = self.center(h);
        if self.grid.is_boxes() {
            let half = self.box_side() / 2.0;
            let (sx, sy) = [(1.0, 1.0), (-1.0, 1.0), (-1.0, -1.0), (1.0, -1.0)][i % 4];
            return Point::new(c.x + sx * half, c.y + sy * half);
        }
        let deg = match self.grid.orientation {
            Orientation::PointyTop => 30.0 + 60.0 * (i % 6) as f64,
            _ => 60.0 * (i % 6) as f64,
        };
        let a = deg.to_radians();
        Point::new(c.x + self.size * a.cos(), c.y + self.size * a.sin())
    }

    /// The corners of a cell in the order of [`Layout::corner`].
    pub fn corners(&self, h: Hex) -> Corners {
        Few::from_fn(self.corner_count(), Point::default(), |i| self.corner(h, i))
    }

    /// The two end points of the side of `h` facing `dir`; `None` for a
    /// direction that is not a side of this grid's cells.
    pub fn edge(&self, h: Hex, dir: Dir) -> Option<(Point, Point)> {
        if self.grid.is_boxes() {
            let k = self.grid.sides().iter().position(|&d| d == dir)?;
            return Some((self.corner(h, k + 2), self.corner(h, k + 3)));
        }
        let k = self.grid.dir_index(dir)?;
        Some((self.corner(h, (k + 4) % 6), self.corner(h, (k + 5) % 6)))
    }

    pub fn hexside_segment(&self, side: Hexside) -> Option<(Point, Point)> {
        self.edge(side.hex, side.dir)
    }

    /// Midpoint of a hexside; for a box grid's corner crossing (a diagonal
    /// key, roads only), the corner itself.
    pub fn hexside_midpoint(&self, side: Hexside) -> Option<Point> {
        if let Some(k) = self.corner_of(side.dir) {
            return Some(self.corner(side.hex, k));
        }
        let (a, b) = self.hexside_segment(side)?;
        Some(Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0))
    }

    /// The index (for [`Layout::corner`]) of a box's corner in the
    /// diagonal direction `dir`; `None` on hexes or for a side.
    fn corner_of(&self, dir: Dir) -> Option<usize> {
        if !self.grid.is_boxes() {
            return None;
        }
        match dir {
            Dir::SE => Some(0),
            Dir::SW => Some(1),
            Dir::NW => Some(2),
            Dir::NE => Some(3),
            _ => None,
        }
    }

    /// The hexside nearest to the point, if the point lies within
    /// `tolerance` pixels of it (measured from the side's line). With
    /// `corners` on a box grid, a point that close to a box's corner gives
    /// the corner crossing from that box to its diagonal neighbour (where
    /// a road may cross, H33).
    pub fn hexside_at(&self, p: Point, tolerance: f64, corners: bool) -> Option<Hexside> {
        let h = self.hex_at(p);
        if corners && self.grid.is_boxes() {
            for dir in [Dir::NE, Dir::SE, Dir::SW, Dir::NW] {
                let Some(k) = self.corner_of(dir) else {
                    continue;
                };
                let c = self.corner(h, k);
                if (p.x - c.x).hypot(p.y - c.y) <= tolerance {
                    return self.grid.hexside(h, dir);
                }
            }
        }
        let mut best: Option<(f64, Dir)> = None;
        for &dir in self.grid.sides() {
            let (a, b) = self.edge(h, dir)?;
            let d = distance_to_segment(p, a, b);
            if best.is_none_or(|(bd, _)| d < bd) {
                best = Some((d, dir));
            }
        }
        let (d, dir) = best?;
        if d <= tolerance {
            self.grid.hexside(h, dir)
        } else {
            None
        }
    }

    /// Pixel bounds (min, max) of the given hexes' outlines.
    pub fn bounds(&self, hexes: impl IntoIterator<Item = Hex>) -> Option<(Point, Point)> {
        let (w, h) = self.hex_extent();
        let mut out: Option<(Point, Point)> = None;
        for hex in hexes {
            let c = self.center(hex);
            let lo = Point::new(c.x - w / 2.0, c.y - h / 2.0);
            let hi = Point::new(c.x + w / 2.0, c.y + h / 2.0);
            out = Some(match out {
                None => (lo, hi),
                Some((a, b)) => (
                    Point::new(a.x.min(lo.x), a.y.min(lo.y)),
                    Point::new(b.x.max(hi.x), b.y.max(hi.y)),
                ),
            });
        }
        out
    }

    /// Axial coordinates are exposed for callers that draw in bulk.
    pub fn axial_center(&self, a: Axial) -> Point {
        self.center(self.grid.from_axial(a))
    }
}

fn distance_to_segment(p: Point, a: Point, b: Point) -> f64 {
    let (dx, dy) = (b.x - a.x, b.y - a.y);
    let len2 = dx * dx + dy * dy;
    if len2 == 0.0 {
        return p.distance(a);
    }
    let t = (((p.x - a.x) * dx + (p.y - a.y) * dy) / len2).clamp(0.0, 1.0);
    p.distance(Point::new(a.x + t * dx, a.y + t * dy))
}
