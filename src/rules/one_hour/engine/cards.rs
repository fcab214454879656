//! The chance-card decks (RULINGS-ONE-HOUR H38-H43): shuffling with the
//! seeded dice, drawing, reshuffling an empty deck, who chooses for a card
//! and how its numbers are fixed. The engine keeps a `DeckState` per side
//! and records every die as an event.

use crate::engine::dice::Dice;
use crate::rules::one_hour::model::{
    AdverseCardChooser, Amount, CardAmounts, CardEffect, DeckExhausted,
};

/// Who makes the choices a card needs (H40).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chooser {
    /// The side that drew it.
    Drawer,
    /// The other side.
    Opponent,
    /// The seeded dice.
    Random,
}

/// Who chooses for `effect`: the drawer for what helps it; for what harms
/// it, the opponent by default (H40, option `adverse_card_chooser`).
pub fn chooser(effect: CardEffect, option: AdverseCardChooser) -> Chooser {
    if !effect.is_adverse() {
        return Chooser::Drawer;
    }
    match option {
        AdverseCardChooser::Opponent => Chooser::Opponent,
        AdverseCardChooser::Drawer => Chooser::Drawer,
        AdverseCardChooser::Random => Chooser::Random,
    }
}

/// How an amount on a card is fixed (H39): rolled now, at its largest, or
/// left to the chooser (`None`: the chooser picks from 1 to `max()`).
pub fn resolve_amount(a: Amount, option: CardAmounts, dice: &mut Dice) -> Option<u32> {
    match (a, option) {
        (Amount::Fixed(n), _) => Some(n),
        (_, CardAmounts::Roll) => Some(a.from_face(dice.d6())),
        (_, CardAmounts::Max) => Some(a.max()),
        (_, CardAmounts::ChooserPicks) => None,
    }
}

/// A side's deck in play: the cards still to draw (top last) and the
/// discards, as indices into the scenario's deck.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeckState {
    pub draw: Vec<usize>,
    pub discard: Vec<usize>,
}

/// Shuffles in place with the seeded dice (Fisher-Yates, one die of
/// `i + 1` sides per position), so a seed gives one order.
pub fn shuffle(cards: &mut [usize], dice: &mut Dice) {
    for i in (1..cards.len()).rev() {
        let j = dice.roll(i as u32 + 1) as usize - 1;
        cards.swap(i, j);
    }
}

impl DeckState {
    /// A deck of `n` cards shuffled at set-up (H38).
    pub fn new(n: usize, dice: &mut Dice) -> DeckState {
        let mut draw: Vec<usize> = (0..n).collect();
        shuffle(&mut draw, dice);
        DeckState {
            draw,
            discard: Vec::new(),
        }
    }

    /// Draws the top card, which is discarded once resolved (H38). An
    /// empty deck is reshuffled from its discards, or stops (H43); `None`
    /// when there is nothing to draw.
    pub fn draw(&mut self, option: DeckExhausted, dice: &mut Dice) -> Option<usize> {
        if self.draw.is_empty() && option == DeckExhausted::Reshuffle {
            self.draw = std::mem::take(&mut self.discard);
            shuffle(&mut self.draw, dice);
        }
        let card = self.draw.pop()?;
        self.discard.push(card);
        Some(card)
    }

    /// Every card, drawn or not: a deck never gains or loses one.
    pub fn len(&self) -> usize {
        self.draw.len() + self.discard.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h40_the_opponent_chooses_for_cards_that_harm_the_drawer() {
        let low = CardEffect::LowAmmo { units: Amount::D3 };
        let panic = CardEffect::EnemyPanic { hits: Amount::D3 };
        assert_eq!(
            chooser(low, AdverseCardChooser::Opponent),
            Chooser::Opponent
        );
        assert_eq!(chooser(low, AdverseCardChooser::Drawer), Chooser::Drawer);
        assert_eq!(chooser(low, AdverseCardChooser::Random), Chooser::Random);
        assert_eq!(
            chooser(panic, AdverseCardChooser::Opponent),
            Chooser::Drawer
        );
        assert_eq!(
            chooser(CardEffect::DoubleAction, AdverseCardChooser::Random),
            Chooser::Drawer
        );
    }

    #[test]
    fn h39_amounts_rolled_at_most_or_left_to_the_chooser() {
        let mut dice = Dice::new(3);
        for _ in 0..50 {
            let n = resolve_amount(Amount::D3, CardAmounts::Roll, &mut dice).expect("rolled");
            assert!((1..=3).contains(&n));
        }
        assert_eq!(
            resolve_amount(Amount::D3, CardAmounts::Max, &mut dice),
            Some(3)
        );
        assert_eq!(
            resolve_amount(Amount::D2, CardAmounts::ChooserPicks, &mut dice),
            None
        );
        assert_eq!(
            resolve_amount(Amount::Fixed(1), CardAmounts::ChooserPicks, &mut dice),
            Some(1)
        );
    }

    #[test]
    fn h38_h43_a_seeded_shuffle_draws_every_card_then_reshuffles() {
        let order = |seed| {
            let mut dice = Dice::new(seed);
            let mut d = DeckState::new(15, &mut dice);
            (0..15)
                .map(|_| d.draw(DeckExhausted::Reshuffle, &mut dice).expect("a card"))
                .collect::<Vec<_>>()
        };
        let a = order(7);
        assert_eq!(a, order(7), "a seed gives one order");
        assert_ne!(a, order(8));
        let mut sorted = a.clone();
        sorted.sort();
        assert_eq!(sorted, (0..15).collect::<Vec<_>>(), "each card once");
        // The sixteenth draw reshuffles the discards; with stop_drawing
        // nothing more is drawn.
        let mut dice = Dice::new(7);
        let mut d = DeckState::new(15, &mut dice);
        for _ in 0..15 {
            d.draw(DeckExhausted::Reshuffle, &mut dice);
        }
        let mut stop = d.clone();
        assert!(d.draw(DeckExhausted::Reshuffle, &mut dice).is_some());
        assert_eq!(d.len(), 15, "the deck keeps its cards");
        assert_eq!(stop.draw(DeckExhausted::StopDrawing, &mut dice), None);
        assert_eq!(stop.len(), 15);
        assert!(!stop.is_empty());
    }
}
