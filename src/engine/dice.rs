//! Dice: every random number in a game comes from here, seeded, with a
//! portable generator (ChaCha8), so the same seed gives the same rolls on
//! every platform and with every version of `rand`.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A seeded source of die rolls.
#[derive(Clone, Debug)]
pub struct Dice {
    rng: ChaCha8Rng,
    rolls: u64,
}

impl Dice {
    pub fn new(seed: u64) -> Self {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            rolls: 0,
        }
    }

    /// A roll of one die with `sides` faces, 1..=sides. Maps the generator's
    /// 32-bit output by rejection sampling, so each face is exactly equally
    /// likely and the mapping never depends on a library's range code.
    pub fn roll(&mut self, sides: u32) -> u32 {
        let sides = sides.max(1);
        let zone = u32::MAX - (u32::MAX % sides);
        loop {
            let x = self.rng.next_u32();
            if x < zone {
                self.rolls += 1;
                return x % sides + 1;
            }
        }
    }

    pub fn d6(&mut self) -> u32 {
        self.roll(6)
    }

    /// How many dice have been rolled.
    pub fn rolls(&self) -> u64 {
        self.rolls
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first rolls for seed 1, fixed forever: a change here would break
    /// every saved game.
    #[test]
    fn golden_sequence() {
        let mut d = Dice::new(1);
        let rolls: Vec<u32> = (0..20).map(|_| d.d6()).collect();
        assert_eq!(rolls, GOLDEN_SEED_1);
        assert_eq!(d.rolls(), 20);
    }

    const GOLDEN_SEED_1: [u32; 20] = [6, 3, 6, 1, 4, 2, 1, 1, 4, 2, 1, 5, 6, 5, 5, 3, 6, 2, 1, 3];

    #[test]
    fn faces_are_fair() {
        let mut d = Dice::new(42);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[d.d6() as usize - 1] += 1;
        }
        for c in counts {
            assert!((9_500..10_500).contains(&c), "{counts:?}");
        }
    }
}
