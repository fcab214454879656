//! Pixel layout of a hex grid: where a hex is drawn, and which hex or
//! hexside lies under a point. Screen convention: x right, y down.

use super::{Axial, Dir, Grid, Hex, Hexside, Orientation, axial_round};

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

/// How a grid is placed on the plane: hex size (centre to corner) and where
/// the axial origin lies.
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

    /// Width and height of one hex (corner to corner, flat to flat).
    pub fn hex_extent(&self) -> (f64, f64) {
        match self.grid.orientation {
            Orientation::FlatTop => (2.0 * self.size, SQRT3 * self.size),
            Orientation::PointyTop => (SQRT3 * self.size, 2.0 * self.size),
        }
    }

    pub fn center(&self, h: Hex) -> Point {
        let a = self.grid.to_axial(h);
        let (q, r) = (a.q as f64, a.r as f64);
        let (x, y) = match self.grid.orientation {
            Orientation::FlatTop => (1.5 * q, SQRT3 * (r + q / 2.0)),
            Orientation::PointyTop => (SQRT3 * (q + r / 2.0), 1.5 * r),
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
        }
    }

    /// The hex whose area contains the point (on a boundary, one of the
    /// touching hexes).
    pub fn hex_at(&self, p: Point) -> Hex {
        let (q, r) = self.fractional(p);
        self.grid.from_axial(axial_round(q, r))
    }

    /// Corner `i` (0..6) of a hex: flat-top starts at the east corner,
    /// pointy-top at the south-east one, both going clockwise on screen.
    pub fn corner(&self, h: Hex, i: usize) -> Point {
        let c = self.center(h);
        let deg = match self.grid.orientation {
            Orientation::FlatTop => 60.0 * i as f64,
            Orientation::PointyTop => 30.0 + 60.0 * i as f64,
        };
        let a = deg.to_radians();
        Point::new(c.x + self.size * a.cos(), c.y + self.size * a.sin())
    }

    pub fn corners(&self, h: Hex) -> [Point; 6] {
        std::array::from_fn(|i| self.corner(h, i))
    }

    /// The two end points of the side of `h` facing `dir`.
    pub fn edge(&self, h: Hex, dir: Dir) -> Option<(Point, Point)> {
        let k = self.grid.dir_index(dir)?;
        Some((self.corner(h, (k + 4) % 6), self.corner(h, (k + 5) % 6)))
    }

    pub fn hexside_segment(&self, side: Hexside) -> Option<(Point, Point)> {
        self.edge(side.hex, side.dir)
    }

    /// Midpoint of a hexside.
    pub fn hexside_midpoint(&self, side: Hexside) -> Option<Point> {
        let (a, b) = self.hexside_segment(side)?;
        Some(Point::new((a.x + b.x) / 2.0, (a.y + b.y) / 2.0))
    }

    /// The hexside nearest to the point, if the point lies within
    /// `tolerance` pixels of it (measured from the side's line).
    pub fn hexside_at(&self, p: Point, tolerance: f64) -> Option<Hexside> {
        let h = self.hex_at(p);
        let mut best: Option<(f64, Dir)> = None;
        for dir in self.grid.dirs() {
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
