//! A small hasher for the maps looked up on every step and event.

use std::hash::Hasher;

/// FNV-1a: a small, fast hash for the short unit ids and small keys looked
/// up on every event and every step explored. Only lookups use it; nothing iterates the map, so its order never
/// shows.
#[derive(Default, Clone, Copy)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}
