//! The heuristic computer player's cost per command as maps and armies
//! grow. Target (issue 16, item 20): cost per command growing no faster
//! than the number of units, and a 200x200 game with 2,000 units in under
//! 5 s. Each benchmark plays one whole heuristic-vs-heuristic game; the
//! commands it took are printed, so the cost per command is the time
//! divided by them.
//!
//! Memory (issue 35, item 17: under 100 MiB on the 200x200 map with 2,000
//! units): a counting allocator records the heap's peak while game 0 of
//! each case is played once, before the timed runs, and the bench prints
//! it with a digest of the game's summary, so a change that saves memory
//! can be seen to play the same games seed for seed.

use criterion::{Criterion, criterion_group, criterion_main};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use vedette::rules::naw::engine::Board;
use vedette::rules::naw::player::NawKnowledge;
use vedette::scenario::{self, generate};
use vedette::sim::{self, SimConfig};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call is passed straight to the system allocator; the
// counters only observe the sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's contract is the system allocator's.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: as above.
        unsafe { System.dealloc(ptr, layout) };
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as above.
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
            let now = IN_USE.fetch_add(new_size, Ordering::Relaxed) + new_size;
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// FNV-1a of a text: a short digest to compare games by.
fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn benches(c: &mut Criterion) {
    let waterloo = {
        let s = scenario::parse_scenario(include_str!("../scenarios/waterloo.ron"), "w.ron")
            .expect("parses");
        let m = scenario::parse_map(include_str!("../maps/waterloo.ron"), "m.ron").expect("parses");
        (s, m)
    };
    let cases = [
        ("Waterloo (44 units)", waterloo, 20),
        (
            "100x100, 500 units",
            generate::large_scenario(100, 100, 500, 3),
            10,
        ),
        (
            "200x200, 2000 units",
            generate::large_scenario(200, 200, 2000, 7),
            10,
        ),
    ];
    let mut group = c.benchmark_group("heuristic");
    for (name, (s, m), samples) in cases {
        let board = Arc::new(Board::new(&s, &m).expect("sets up"));
        let know = NawKnowledge::new(board);
        let cfg = SimConfig::<vedette::rules::naw::engine::Naw>::new(1, 1);
        let base = IN_USE.load(Ordering::Relaxed);
        PEAK.store(base, Ordering::Relaxed);
        let probe = sim::play_game(&know, &cfg, 0);
        let total = PEAK.load(Ordering::Relaxed);
        let peak = total.saturating_sub(base);
        let summary = serde_json::to_string(&probe).expect("a summary serialises");
        println!(
            "{name}: game 0 takes {} commands ({:?} on Game-Turn {}), heap peak {:.1} MiB \
             above the board ({:.1} MiB in all), summary digest {:016x}",
            probe.commands,
            probe.result,
            probe.turn,
            peak as f64 / (1024.0 * 1024.0),
            total as f64 / (1024.0 * 1024.0),
            digest(&summary)
        );
        group.sample_size(samples);
        group.bench_function(format!("whole game: {name}"), |b| {
            b.iter(|| sim::play_game(&know, &cfg, 0).commands)
        });
    }
    group.finish();
}

criterion_group!(heuristic, benches);
criterion_main!(heuristic);
