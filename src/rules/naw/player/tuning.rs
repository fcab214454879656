//! The heuristic player's tuning: every weight and threshold it uses, in
//! one place, readable from RON (`vedette simulate --tuning FILE.ron`) so a
//! designer can try another temperament without rebuilding.

use serde::{Deserialize, Serialize};

/// Weights and thresholds of [`super::HeuristicPlayer`]. Strengths are in
/// Combat Strength Points; movement scores are in "points" that only
/// compare hexes with one another.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct NawTuning {
    // ---- Combat: the value of an attack, in strength points ----
    /// Value of one enemy strength point destroyed.
    pub enemy_loss_weight: f64,
    /// Cost of one own strength point lost.
    pub own_loss_weight: f64,
    /// Extra weight on enemy losses as the enemy nears its loss threshold:
    /// the weight is multiplied by `1 + greed * (losses / threshold)^2`.
    pub threshold_greed: f64,
    /// The same for own losses nearing the own threshold (caution).
    pub threshold_caution: f64,
    /// Value left to a kill once the enemy is already demoralized, as a
    /// fraction (its losses no longer decide the game [8.2]).
    pub kill_value_after_demoralized: f64,
    /// Fraction of the attackers' strength an Ar result is expected to cost
    /// (units with no safe hex die retreating [6.4]).
    pub retreat_loss_fraction: f64,
    /// Fraction of the defender's strength a Dr result is worth when it can
    /// retreat (it is pushed back, not destroyed).
    pub pushback_value: f64,
    /// Smallest expected value for which units move into contact to make
    /// an attack in the coming Combat Phase.
    pub min_planned_attack_value: f64,

    // ---- Movement: scoring the hex a unit ends in ----
    /// Per step of defence multiplier above 1 (woods, towns).
    pub terrain_weight: f64,
    /// Per friendly unit next to the hex (keeping a line).
    pub support_weight: f64,
    /// Per unit of exposure: enemy strength able to reach the hex next
    /// turn beyond `exposure_tolerance` times the unit's defence there.
    pub exposure_weight: f64,
    pub exposure_tolerance: f64,
    /// Holding units: per hex away from where they started.
    pub hold_weight: f64,
    /// Advancing units: per hex away from `standoff` hexes from the nearest
    /// enemy (2 is just outside its Zone of Control).
    pub approach_weight: f64,
    pub standoff: u32,
    /// Units heading for the exits: per movement point still to go.
    pub exit_weight: f64,
    /// Blocking units: per movement point between them and the exits.
    pub block_weight: f64,
    /// Screening and blocking units: per hex off the straight way from the
    /// nearest enemy to its exit.
    pub screen_weight: f64,
    /// Screening units: how near the enemy (in hexes) they stand; closer
    /// than `standoff` is avoided too.
    pub screen_depth: u32,
    /// Random spread added to each hex's score (0 plays the same way given
    /// the same dice); keeps batches from repeating one line of play.
    pub noise: f64,

    // ---- Plans ----
    /// The exiting side sends units for the exits once the enemy is
    /// demoralized, or once the Game-Turns left are those its slowest
    /// needed unit takes to reach an exit plus this many, whichever comes
    /// first (so the plan follows the scenario's length and distances).
    /// Measured over 400 games each: 0 gives the tutorial 48.8% French
    /// wins and 47% draws (4 turns before the end, the old fixed rule:
    /// 97.8% draws) and Waterloo 22.5% French; 2 gives 92.8% draws.
    pub exit_turns_spare: u32,
    /// Units sent beyond the number still needed to exit.
    pub exit_spare_units: u32,
    /// The other side blocks the exits once an enemy unit is this many
    /// movement points from them, or once it is demoralized.
    pub block_when_enemy_within: u32,
    /// Whether units arriving as reinforcements advance on the enemy (the
    /// Prussians at Waterloo) rather than hold where they enter.
    pub reinforcements_advance: bool,
    /// Whether the side the exits are against screens them (stands across
    /// the enemy's way out, on good ground) rather than advancing.
    pub defender_holds: bool,
}

impl Default for NawTuning {
    fn default() -> Self {
        NawTuning {
            enemy_loss_weight: 1.0,
            own_loss_weight: 1.0,
            threshold_greed: 1.0,
            threshold_caution: 1.5,
            kill_value_after_demoralized: 0.4,
            retreat_loss_fraction: 0.15,
            pushback_value: 0.2,
            min_planned_attack_value: 0.5,
            terrain_weight: 1.5,
            support_weight: 0.4,
            exposure_weight: 0.6,
            exposure_tolerance: 2.0,
            hold_weight: 1.0,
            approach_weight: 1.0,
            standoff: 2,
            exit_weight: 1.0,
            block_weight: 0.8,
            screen_weight: 0.6,
            screen_depth: 4,
            noise: 0.3,
            exit_turns_spare: 0,
            exit_spare_units: 2,
            block_when_enemy_within: 6,
            reinforcements_advance: true,
            defender_holds: true,
        }
    }
}
