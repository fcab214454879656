//! Mirrored battles: the parts every rule set's battle generator shares
//! (issue 69). A mirrored battle is a field symmetric top to bottom, the
//! first side's army at the bottom and the second side's its exact
//! reflection at the top, so that over many battles and both seats a
//! difference between two players is the players', never the map's. Each
//! rule set builds its own battles with these parts
//! (`Plugin::mirrored_battle`): its units, officers and objectives.
//!
//! Everything here is a pure function of its seed: [`Rng`] is SplitMix64
//! over a counter, never the global randomness.

use super::map::{Colour, Map, OFF_MAP, TerrainKind};
use super::model::*;
use crate::hex::{Dir, Grid, Hex, Orientation, Stagger};

/// A seeded stream of numbers (SplitMix64).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x6d69_7272_6f72_6564)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi` (`lo` when `hi < lo`).
    pub fn between(&mut self, lo: u32, hi: u32) -> u32 {
        if hi <= lo {
            return lo;
        }
        lo + (self.next_u64() % u64::from(hi - lo + 1)) as u32
    }

    /// One of `items` (`None` if there are none).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get((self.next_u64() % items.len() as u64) as usize)
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: u32, den: u32) -> bool {
        self.between(1, den.max(1)) <= num
    }

    /// `items` in a random order.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next_u64() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

/// The reflection top to bottom of `h` on `map`: on a box grid row r goes
/// to R+1-r; on a flat-top hex grid staggered Even, odd columns (shifted
/// half a hex down) one row further. It maps the grid's adjacency onto
/// itself, with each direction [`flip`]ped.
pub fn reflect(map: &Map, h: Hex) -> Hex {
    let rows = map.rows as i32;
    let odd = match map.orientation {
        Orientation::Boxes => 0,
        _ => h.col.rem_euclid(2),
    };
    Hex {
        col: h.col,
        row: rows + 1 - h.row + odd,
    }
}

/// A direction reflected top to bottom.
pub fn flip(d: Dir) -> Dir {
    match d {
        Dir::N => Dir::S,
        Dir::S => Dir::N,
        Dir::NE => Dir::SE,
        Dir::SE => Dir::NE,
        Dir::NW => Dir::SW,
        Dir::SW => Dir::NW,
        other => other,
    }
}

/// A terrain feature a rule set scatters on its fields: patches of the
/// terrain `code`, `count` of them (a range), each of `1..=size` hexes.
#[derive(Clone, Copy, Debug)]
pub struct Patches {
    pub code: char,
    pub count: (u32, u32),
    pub size: u32,
}

/// A `columns` x `rows` field of `terrain` (clear `'.'` but where the
/// patches fall), symmetric top to bottom: hexes whose reflection is off
/// the grid are off the map, the patches fall anywhere but the back
/// `clear_rows` rows of each side, and every hex has its reflection's
/// terrain. Boxes when `boxes`, else flat-top hexes staggered Even.
pub fn field(
    rng: &mut Rng,
    name: &str,
    (columns, rows): (u32, u32),
    boxes: bool,
    terrain: Vec<TerrainKind>,
    patches: &[Patches],
    clear_rows: u32,
) -> Map {
    let grid = if boxes {
        Grid::new(Orientation::Boxes, Stagger::Even)
    } else {
        Grid::new(Orientation::FlatTop, Stagger::Even)
    };
    let mut map = Map::filled(name, columns, rows, grid, terrain, '.');
    let all: Vec<Hex> = map.all_hexes().collect();
    for &h in &all {
        if !map.in_bounds(reflect(&map, h)) {
            map.set_code(h, OFF_MAP);
        }
    }
    let lo = 1 + clear_rows as i32;
    let hi = rows as i32 - clear_rows as i32;
    let open: Vec<Hex> = all
        .iter()
        .copied()
        .filter(|h| h.row >= lo && h.row <= hi && map.is_on_map(*h))
        .collect();
    for p in patches {
        for _ in 0..rng.between(p.count.0, p.count.1) {
            let Some(&start) = rng.pick(&open) else { break };
            let mut blob = vec![start];
            for _ in 1..rng.between(1, p.size) {
                let Some(&from) = rng.pick(&blob) else { break };
                let Some(&d) = rng.pick(grid.dirs()) else {
                    break;
                };
                if let Some(n) = grid.neighbour(from, d)
                    && open.contains(&n)
                    && !blob.contains(&n)
                {
                    blob.push(n);
                }
            }
            for h in blob {
                map.set_code(h, p.code);
            }
        }
    }
    // The lower half (and the middle) gives its terrain to the upper.
    for &h in &all {
        let m = reflect(&map, h);
        if h.row > m.row
            && map.in_bounds(m)
            && let Some(c) = map.code_at(h)
            && c != OFF_MAP
        {
            map.set_code(m, c);
        }
    }
    map
}

/// Village objectives worth a point: the `count` village hexes (terrain
/// `'T'`) of the lower half nearest the middle, each for `sides[0]`, and
/// their reflections for `sides[1]`, so each side starts nearer its own.
pub fn village_objectives(map: &Map, sides: [&SideId; 2], count: usize) -> Vec<VictoryHex> {
    let mut villages: Vec<Hex> = map
        .hexes_on_map()
        .filter(|&h| map.code_at(h) == Some('T'))
        .filter(|&h| h.row > reflect(map, h).row)
        .collect();
    let columns = map.columns as i32;
    villages.sort_by_key(|h| (h.row, (2 * h.col - columns - 1).abs(), h.col));
    villages
        .into_iter()
        .take(count)
        .flat_map(|h| {
            [(sides[0], h), (sides[1], reflect(map, h))].map(|(side, hex)| VictoryHex {
                hex,
                side: side.clone(),
                points: 1,
            })
        })
        .collect()
}

/// A blank scenario of `rules` on `map` with two sides named `sides`: the
/// rule set's CRT and turns, no units (as File > New makes one, before
/// the rule set's own parts).
pub fn blank(rules: RuleSet, map: Map, sides: [&str; 2], colours: [Colour; 2]) -> Scenario {
    let b = rules.blank();
    Scenario {
        version: FORMAT_VERSION,
        title: String::new(),
        author: "Vedette".into(),
        description: String::new(),
        map: MapSource::Inline(Box::new(map)),
        turns: b.turns,
        sides: (0..2)
            .map(|i| Side::new(SideId::new(sides[i]), sides[i].to_string(), colours[i]))
            .collect(),
        units: Vec::new(),
        crt: b.crt,
        victory: Victory::default(),
        variants: Vec::new(),
        notes: String::new(),
        rules,
    }
}

/// The hexes of the first side's deployment zone, its back `depth` rows
/// (the bottom of the map), on the map and of a terrain in `allowed`, in a
/// random order.
pub fn deployment(rng: &mut Rng, map: &Map, depth: u32, allowed: &[char]) -> Vec<Hex> {
    let from = map.rows as i32 - depth as i32 + 1;
    let mut hexes: Vec<Hex> = map
        .hexes_on_map()
        .filter(|h| h.row >= from)
        .filter(|&h| map.code_at(h).is_some_and(|c| allowed.contains(&c)))
        .collect();
    rng.shuffle(&mut hexes);
    hexes
}

/// The second side's army: each unit of `first` reflected (its start hex
/// and facing), of side `side`, with the id and designation `rename`
/// gives (the rule set's data unchanged).
pub fn reflect_army(
    map: &Map,
    first: &[Unit],
    side: &SideId,
    rename: impl Fn(&str) -> String,
) -> Vec<Unit> {
    first
        .iter()
        .map(|u| {
            let mut v = u.clone();
            v.id = UnitId::new(rename(u.id.as_str()));
            v.designation = rename(&u.designation);
            v.side = side.clone();
            if let Placement::Start(h) = u.placement {
                v.placement = Placement::Start(reflect(map, h));
            }
            v.facing = u.facing.map(flip);
            v
        })
        .collect()
}

/// The mirrored battle of `seed` for `rules`: the rule set's battle of
/// that seed (`Plugin::mirrored_battle`) if the scenario checks find no
/// error in it, else of the first of a fixed sequence of seeds derived
/// from it that gives one (a rule set's generator places units by
/// terrain; the checks know every rule of where a unit may stand). A pure
/// function of `rules` and `seed`.
pub fn battle(rules: &RuleSet, seed: u64) -> (Scenario, Map) {
    let mut derived = Rng::new(seed);
    let mut try_seed = seed;
    let mut last = None;
    for _ in 0..64 {
        let (s, map) = rules.plugin().mirrored_battle(try_seed);
        let valid = super::validate(&s, &map)
            .iter()
            .all(|i| i.severity != super::Severity::Error);
        if valid {
            let mut s = s;
            // The battle is known by the seed asked for.
            s.title = s
                .title
                .replacen(&try_seed.to_string(), &seed.to_string(), 1);
            return (s, map);
        }
        last = Some((s, map));
        try_seed = derived.next_u64();
    }
    // 64 attempts all invalid would be a generator's bug; the last one
    // is returned and the engine refuses it with its reasons.
    last.unwrap_or_else(|| rules.plugin().mirrored_battle(seed))
}

/// Whether `s` on `map` is an exact mirror: every hex has its
/// reflection's terrain (or neither is on the map), every unit of the
/// first side has its reflection on the second (the same in all but id,
/// designation and side) and the victory hexes come in reflected pairs.
/// The rule set's officers are its own to check. `Err` says what differs.
pub fn check_mirrored(s: &Scenario, map: &Map) -> Result<(), String> {
    for h in map.all_hexes() {
        let m = reflect(map, h);
        let theirs = if map.in_bounds(m) {
            map.code_at(m)
        } else {
            Some(OFF_MAP)
        };
        if map.code_at(h) != theirs {
            return Err(format!("terrain at {h} and {m} differ"));
        }
    }
    let side = |i: usize| s.sides[i].id.clone();
    let first: Vec<_> = s.units.iter().filter(|u| u.side == side(0)).collect();
    let second: Vec<_> = s.units.iter().filter(|u| u.side == side(1)).collect();
    if first.len() != second.len() {
        return Err(format!(
            "{} against {}",
            crate::words::counted(first.len(), "unit", "units"),
            second.len()
        ));
    }
    for (a, b) in first.iter().zip(&second) {
        let (Placement::Start(ha), Placement::Start(hb)) = (&a.placement, &b.placement) else {
            return Err(format!(
                "{} or {} is not on the map at the start",
                a.id, b.id
            ));
        };
        if reflect(map, *ha) != *hb || a.facing.map(flip) != b.facing {
            return Err(format!("{} is not {}'s reflection", b.id, a.id));
        }
        let same = |u: &Unit| {
            let mut u = u.clone();
            u.id = UnitId::new("x");
            u.designation = String::new();
            u.side = SideId::new("x");
            u.placement = Placement::Start(Hex::new(1, 1));
            u.facing = None;
            format!("{u:?}")
        };
        if same(a) != same(b) {
            return Err(format!("{} and {} differ", a.id, b.id));
        }
    }
    let v = &s.victory.victory_hexes;
    for x in v.iter().filter(|x| x.side == side(0)) {
        let m = reflect(map, x.hex);
        if !v
            .iter()
            .any(|y| y.side == side(1) && y.hex == m && y.points == x.points)
        {
            return Err(format!("victory hex {} has no reflection", x.hex));
        }
    }
    if v.iter().filter(|x| x.side == side(0)).count()
        != v.iter().filter(|x| x.side == side(1)).count()
    {
        return Err("the sides' victory hexes differ in number".into());
    }
    let t = &s.victory.loss_thresholds;
    if t.len() == 2 && t[0].points != t[1].points {
        return Err("the loss thresholds differ".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_its_own_reflection_on_hexes_and_boxes() {
        for boxes in [false, true] {
            for seed in 0..20 {
                let mut rng = Rng::new(seed);
                let kinds = crate::scenario::terrain_catalog();
                let patches = [
                    Patches {
                        code: 'W',
                        count: (1, 4),
                        size: 5,
                    },
                    Patches {
                        code: 'T',
                        count: (1, 2),
                        size: 2,
                    },
                ];
                let map = field(&mut rng, "f", (13, 10), boxes, kinds, &patches, 2);
                let grid = map.grid();
                for h in map.all_hexes() {
                    let m = reflect(&map, h);
                    if !map.in_bounds(m) {
                        assert_eq!(map.code_at(h), Some(OFF_MAP), "{h}");
                        continue;
                    }
                    assert_eq!(reflect(&map, m), h);
                    assert_eq!(map.code_at(h), map.code_at(m), "seed {seed}: {h} {m}");
                    for &d in grid.dirs() {
                        let a = grid.neighbour(h, d).map(|n| reflect(&map, n));
                        let b = grid.neighbour(m, flip(d));
                        assert_eq!(a, b, "{h} across {d:?}");
                    }
                }
                // The back rows stay clear.
                for h in map.hexes_on_map().filter(|h| h.row >= 9) {
                    assert_eq!(map.code_at(h), Some('.'));
                }
            }
        }
    }

    #[test]
    fn the_stream_is_the_seeds() {
        let a: Vec<u64> = (0..5).map(|_| Rng::new(3).next_u64()).collect();
        assert!(a.windows(2).all(|w| w[0] == w[1]));
        let mut r = Rng::new(3);
        let b: Vec<u32> = (0..200).map(|_| r.between(2, 5)).collect();
        assert!(b.iter().all(|x| (2..=5).contains(x)));
        assert!((2..=5).all(|x| b.contains(&x)));
    }
}
