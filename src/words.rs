//! Wording shared by the engines' sentences, the sheets and the window
//! (issue 35 item 28): a count with its noun in the right number.

use std::fmt::Display;

/// `n` and the noun in the right number: "1 unit", "2 units", "1.5
/// boxes" (any count but exactly 1 takes the plural).
pub fn counted(n: impl Display, one: &str, many: &str) -> String {
    let n = n.to_string();
    let noun = if n == "1" { one } else { many };
    format!("{n} {noun}")
}

/// Items joined as a sentence lists alternatives: "a", "a or b",
/// "a, b or c".
pub fn list_or(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => (*one).to_string(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// `s` with its first letter in capitals: "stronghold" gives "Stronghold".
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().collect::<String>() + c.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn issue35_item28_counts_take_the_noun_in_the_right_number() {
        assert_eq!(counted(1u32, "unit", "units"), "1 unit");
        assert_eq!(counted(2usize, "unit", "units"), "2 units");
        assert_eq!(counted(0, "card", "cards"), "0 cards");
        assert_eq!(counted("1.5", "box", "boxes"), "1.5 boxes");
        assert_eq!(counted(1, "die", "dice"), "1 die");
    }

    #[test]
    fn alternatives_read_as_a_sentence() {
        assert_eq!(list_or(&[]), "");
        assert_eq!(list_or(&["line"]), "line");
        assert_eq!(list_or(&["a", "b", "c"]), "a, b or c");
    }
}
