//! What the fuzz tests share (issue 16, issue 35): an allocator that
//! refuses absurd sizes, the cases' own random source, text damage, and a
//! few commands played on whatever `validate` let through.
//!
//! The allocator of a test binary that includes this refuses any single
//! allocation over 256 MiB and more than 2 GiB live in all, so an engine
//! that sizes a buffer from an unchecked number fails there, on any
//! machine, instead of passing where memory is plenty.
#![allow(dead_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};
use vedette::ai::{Computer, Player, PlayerKind};
use vedette::engine::Game;
use vedette::hex::Hex;
use vedette::rules::{self, Visit};
use vedette::scenario::*;

const MAX_ONE: usize = 256 << 20;
const MAX_LIVE: usize = 2 << 30;

struct Capped;

static LIVE: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed to the system allocator unchanged; the
// wrapper only counts bytes and refuses (returns null, which the standard
// library turns into an allocation-failure abort) sizes over the caps.
unsafe impl GlobalAlloc for Capped {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > MAX_ONE || LIVE.load(Ordering::Relaxed) + layout.size() > MAX_LIVE {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded with the caller's layout.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            LIVE.fetch_add(layout.size(), Ordering::Relaxed);
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > MAX_ONE
            || (new_size > layout.size()
                && LIVE.load(Ordering::Relaxed) + (new_size - layout.size()) > MAX_LIVE)
        {
            return std::ptr::null_mut();
        }
        // SAFETY: forwarded with the caller's pointer, layout and size.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            LIVE.fetch_add(new_size, Ordering::Relaxed);
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOC: Capped = Capped;

/// SplitMix64: the cases' own little random source (no global RNG).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
    pub fn chance(&mut self, one_in: u64) -> bool {
        self.next().is_multiple_of(one_in)
    }
    /// A number that is usually ordinary and often extreme.
    pub fn number(&mut self) -> u32 {
        const EDGES: [u32; 12] = [0, 1, 2, 6, 7, 40, 50, 51, 99, 100, 65_535, u32::MAX];
        match self.below(4) {
            0 => EDGES[self.below(EDGES.len())],
            1 => self.next() as u32,
            _ => self.below(12) as u32,
        }
    }
    pub fn hex(&mut self, m: &Map) -> Hex {
        match self.below(8) {
            0 => Hex::new(self.next() as i32 % 10_000, self.next() as i32 % 10_000),
            1 => Hex::new(0, self.below(m.rows as usize + 2) as i32),
            _ => Hex::new(
                1 + self.below(m.columns.max(1) as usize + 1) as i32,
                1 + self.below(m.rows.max(1) as usize + 1) as i32,
            ),
        }
    }
}

/// Text damage (as the loader's fuzz test does), for the cases that go
/// through the RON reader before the rest.
pub fn mutate_text(rng: &mut Rng, text: &str) -> String {
    let mut b: Vec<char> = text.chars().collect();
    if b.is_empty() {
        return String::new();
    }
    let at = rng.below(b.len());
    const TOKENS: [&str; 10] = [
        "0",
        "99999999999",
        "\"2147483647,2147483647\"",
        "-1",
        "Cost(4294967295)",
        "(",
        ")",
        ",",
        "\"0914\"",
        "Prohibited",
    ];
    match rng.below(4) {
        0 => {
            let end = (at + 1 + rng.below(20)).min(b.len());
            b.drain(at..end);
        }
        1 => {
            for (i, c) in TOKENS[rng.below(TOKENS.len())].chars().enumerate() {
                b.insert(at + i, c);
            }
        }
        2 => {
            // Replace a number with another.
            if b[at].is_ascii_digit() {
                b[at] = char::from(b'0' + rng.below(10) as u8);
            }
        }
        _ => b.truncate(at.max(1)),
    }
    b.into_iter().collect()
}

/// Plays a few commands of a game that `validate` accepted, with the rule
/// set the scenario names.
pub fn play(rng: &mut Rng, s: &Scenario, m: &Map, heuristic: bool) {
    rules::dispatch(
        &s.rules,
        Fuzz {
            rng,
            s,
            m,
            heuristic,
        },
    );
}

struct Fuzz<'a> {
    rng: &'a mut Rng,
    s: &'a Scenario,
    m: &'a Map,
    heuristic: bool,
}

impl Visit for Fuzz<'_> {
    type Output = ();
    fn visit<R: Computer>(self) {
        let Fuzz {
            rng,
            s,
            m,
            heuristic,
        } = self;
        let setup = R::batch_setup(!s.variants.is_empty() && !rng.chance(2));
        let Ok(mut game) = Game::<R>::new(s, m, rng.next(), setup) else {
            panic!("validate passed but the engine refused the scenario");
        };
        let know = R::knowledge(game.board().clone());
        let tuning = R::Tuning::default();
        let first = if heuristic {
            PlayerKind::Heuristic
        } else {
            PlayerKind::Random
        };
        let mut players: [Box<dyn Player<R> + Send>; 2] = [
            R::computer(first, &know, &tuning, rng.next()),
            R::computer(PlayerKind::Random, &know, &tuning, rng.next()),
        ];
        for _ in 0..12 {
            if game.is_over() {
                break;
            }
            let side = game.to_act() as usize & 1;
            let Some(cmd) = players[side].choose(&game.state) else {
                break;
            };
            if let Err(e) = game.execute(&cmd) {
                panic!("a legal command was refused: {cmd:?}: {e}");
            }
        }
    }
}

/// What a caught panic said.
pub fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_default()
}

/// Fails the test with every failed case of `from..to`, if any.
pub fn assert_no_failures(failures: &[String], from: u64, to: u64) {
    assert!(
        failures.is_empty(),
        "{} of cases {from}..{to} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
