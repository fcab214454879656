//! Issue 35 item 28: the sentences a player reads (events, refusals, the
//! game summary) give a count of one its noun in the singular: no "1
//! units", "1 hits", "1 dice", "(1 boxes)", "deck of 1 cards", for every
//! rule set. Three ways in:
//! - games of every shipped scenario are played by the computers and every
//!   event's sentence, the refusal of commands that were legal a moment
//!   before, and the summary are read;
//! - every variant of every rule set's events and typed refusals is built
//!   from its shape (module `shape`) with counts and lists of 1 and of 2,
//!   and its sentence read: a new variant is read without being named;
//! - the crate's own format strings are scanned for a placeholder right
//!   before a plural noun (`"{n} hexes"`), which reads "1 hexes"; such
//!   counts go through `vedette::words::counted`.

use std::path::PathBuf;
use std::sync::Arc;
use vedette::ai::{Computer, PlayerKind};
use vedette::engine::Game;
use vedette::files;
use vedette::rules::{self, Visit};

/// A count of exactly one with a plural noun after it.
fn one_with_a_plural(text: &str) -> Option<String> {
    const PLURALS: [&str; 12] = [
        "units",
        "hits",
        "dice",
        "boxes",
        "cards",
        "hexes",
        "casualty points",
        "points",
        "shots",
        "charges",
        "strength points",
        "places were",
    ];
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == '(' || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    for (i, w) in words.iter().enumerate() {
        if *w != "1" || i.checked_sub(1).is_some_and(|p| is_an_id_after(words[p])) {
            continue;
        }
        let rest = words[i + 1..].join(" ");
        if let Some(p) = PLURALS.iter().find(|p| {
            rest.strip_prefix(**p)
                .is_some_and(|r| r.is_empty() || !r.starts_with(char::is_alphanumeric))
        }) {
            return Some(format!("\"1 {p}\" in: {text}"));
        }
    }
    None
}

struct Read<'a> {
    loaded: &'a files::LoadedScenario,
}

impl Visit for Read<'_> {
    type Output = (usize, Vec<String>);
    fn visit<R: Computer>(self) -> (usize, Vec<String>) {
        let (s, m) = (&self.loaded.scenario, &self.loaded.map);
        let mut read = 0;
        let mut wrong = Vec::new();
        let mut look = |text: String| {
            if let Some(w) = one_with_a_plural(&text) {
                wrong.push(w);
            }
        };
        for seed in 0..3u64 {
            let mut game: Game<R> = Game::new(s, m, seed, R::batch_setup(false)).expect("playable");
            let board = Arc::clone(game.board());
            let know = R::knowledge(Arc::clone(&board));
            let tuning = R::Tuning::default();
            let mut players = [
                R::computer(PlayerKind::Heuristic, &know, &tuning, seed),
                R::computer(PlayerKind::Random, &know, &tuning, seed + 7),
            ];
            for _ in 0..400 {
                if game.is_over() {
                    break;
                }
                let before = R::legal_commands(&game.state);
                let side = game.to_act() as usize & 1;
                let Some(cmd) = players[side].choose(&game.state) else {
                    break;
                };
                let events = game.execute(&cmd).expect("legal").to_vec();
                for e in &events {
                    look(R::event_sentence(&board, e));
                    read += 1;
                }
                // What was legal a moment ago and is not now: refused in
                // words.
                for c in before.iter().take(6) {
                    if let Err(r) = game.check(c) {
                        look(R::refusal_sentence(&board, &r));
                        read += 1;
                    }
                }
            }
            look(R::summary(&game.state));
        }
        (read, wrong)
    }
}

#[test]
fn issue35_item28_a_count_of_one_takes_the_singular_in_every_rule_set() {
    assert!(
        one_with_a_plural("takes 1 hits").is_some(),
        "the test finds one"
    );
    assert!(one_with_a_plural("takes 1 hit, 2 hits").is_none());
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut all = Vec::new();
    for name in ["waterloo", "saint-aubin", "waterloo-one-hour", "tutorial"] {
        let loaded =
            files::load_scenario(&root.join(format!("scenarios/{name}.ron"))).expect("loads");
        let (read, wrong) =
            rules::dispatch(&loaded.scenario.rules.clone(), Read { loaded: &loaded });
        eprintln!("{name}: {read} sentences read, {} wrong", wrong.len());
        assert!(read > 100, "{name}: only {read} sentences");
        all.extend(wrong.into_iter().map(|w| format!("{name}: {w}")));
    }
    all.sort();
    all.dedup();
    assert!(all.is_empty(), "{}", all.join("\n"));
}

/// Builds a value of any `Deserialize` type from its shape alone: every
/// count is `n`, every list has `n` items, the outer enum takes the
/// variant asked for and every enum inside it the `flavour`-th (wrapping),
/// an odd flavour makes options `Some` and flags true. So every event and
/// refusal a rule set has can be rendered without naming its variants:
/// one added later is read too.
mod shape {
    use serde::de::{
        self, DeserializeSeed, EnumAccess, MapAccess, SeqAccess, VariantAccess, Visitor,
        value::{StrDeserializer, U32Deserializer},
    };
    use std::cell::Cell;
    use std::fmt;

    #[derive(Debug)]
    pub struct Error(String);
    impl fmt::Display for Error {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str(&self.0)
        }
    }
    impl std::error::Error for Error {}
    impl de::Error for Error {
        fn custom<T: fmt::Display>(m: T) -> Self {
            Error(m.to_string())
        }
    }

    /// Words fields are named for text that is not a hex label.
    const WORDS: [&str; 4] = ["why", "reason", "case", "section"];
    /// Fields holding odds, written "2:1".
    const ODDS: [&str; 3] = ["column", "wanted", "actual"];

    #[derive(Clone, Copy)]
    pub struct Shape<'c> {
        pub n: u64,
        pub flavour: usize,
        pub variant: usize,
        pub depth: usize,
        pub field: &'static str,
        /// How many variants the outer enum has, once it has been built.
        pub variants: &'c Cell<usize>,
    }

    impl<'c> Shape<'c> {
        fn inside(self, field: &'static str) -> Self {
            Shape {
                depth: self.depth + 1,
                field,
                ..self
            }
        }
        fn text(&self) -> &'static str {
            // Text fields hold names or hex labels: a label reads as
            // either, and a hex needs one.
            if WORDS.contains(&self.field) {
                "a reason"
            } else if ODDS.contains(&self.field) {
                "2:1"
            } else {
                "0305"
            }
        }
    }

    struct Items<'c> {
        shape: Shape<'c>,
        left: usize,
    }
    impl<'c> SeqAccess<'static> for Items<'c> {
        type Error = Error;
        fn next_element_seed<T: DeserializeSeed<'static>>(
            &mut self,
            seed: T,
        ) -> Result<Option<T::Value>, Error> {
            if self.left == 0 {
                return Ok(None);
            }
            self.left -= 1;
            seed.deserialize(self.shape).map(Some)
        }
    }
    impl<'c> MapAccess<'static> for Items<'c> {
        type Error = Error;
        fn next_key_seed<K: DeserializeSeed<'static>>(
            &mut self,
            seed: K,
        ) -> Result<Option<K::Value>, Error> {
            if self.left == 0 {
                return Ok(None);
            }
            self.left -= 1;
            seed.deserialize(self.shape).map(Some)
        }
        fn next_value_seed<V: DeserializeSeed<'static>>(
            &mut self,
            seed: V,
        ) -> Result<V::Value, Error> {
            seed.deserialize(self.shape)
        }
    }

    struct Fields<'c> {
        shape: Shape<'c>,
        fields: &'static [&'static str],
        next: usize,
    }
    impl<'c> MapAccess<'static> for Fields<'c> {
        type Error = Error;
        fn next_key_seed<K: DeserializeSeed<'static>>(
            &mut self,
            seed: K,
        ) -> Result<Option<K::Value>, Error> {
            let Some(f) = self.fields.get(self.next) else {
                return Ok(None);
            };
            seed.deserialize(StrDeserializer::<Error>::new(f)).map(Some)
        }
        fn next_value_seed<V: DeserializeSeed<'static>>(
            &mut self,
            seed: V,
        ) -> Result<V::Value, Error> {
            let f = self.fields[self.next];
            self.next += 1;
            seed.deserialize(self.shape.inside(f))
        }
    }

    struct Variant<'c> {
        shape: Shape<'c>,
        index: u32,
    }
    impl<'c> EnumAccess<'static> for Variant<'c> {
        type Error = Error;
        type Variant = Shape<'c>;
        fn variant_seed<V: DeserializeSeed<'static>>(
            self,
            seed: V,
        ) -> Result<(V::Value, Shape<'c>), Error> {
            let v = seed.deserialize(U32Deserializer::<Error>::new(self.index))?;
            Ok((v, self.shape))
        }
    }
    impl<'c> VariantAccess<'static> for Shape<'c> {
        type Error = Error;
        fn unit_variant(self) -> Result<(), Error> {
            Ok(())
        }
        fn newtype_variant_seed<T: DeserializeSeed<'static>>(
            self,
            seed: T,
        ) -> Result<T::Value, Error> {
            seed.deserialize(self)
        }
        fn tuple_variant<V: Visitor<'static>>(self, len: usize, v: V) -> Result<V::Value, Error> {
            de::Deserializer::deserialize_tuple(self, len, v)
        }
        fn struct_variant<V: Visitor<'static>>(
            self,
            fields: &'static [&'static str],
            v: V,
        ) -> Result<V::Value, Error> {
            de::Deserializer::deserialize_struct(self, "", fields, v)
        }
    }

    impl<'c> de::Deserializer<'static> for Shape<'c> {
        type Error = Error;
        fn deserialize_any<V: Visitor<'static>>(self, _: V) -> Result<V::Value, Error> {
            Err(Error(format!(
                "no shape for a self-describing field ({})",
                self.field
            )))
        }
        fn deserialize_bool<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_bool(self.flavour % 2 == 1)
        }
        fn deserialize_u8<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            // Sides, facings and winners are u8 indexes of two or six:
            // 0 and 1.
            v.visit_u8(self.n as u8 - 1)
        }
        fn deserialize_u16<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_u16(self.n as u16)
        }
        fn deserialize_u32<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_u32(self.n as u32)
        }
        fn deserialize_u64<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_u64(self.n)
        }
        fn deserialize_i8<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_i8(self.n as i8)
        }
        fn deserialize_i16<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_i16(self.n as i16)
        }
        fn deserialize_i32<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_i32(self.n as i32)
        }
        fn deserialize_i64<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_i64(self.n as i64)
        }
        fn deserialize_f32<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_f32(self.n as f32)
        }
        fn deserialize_f64<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_f64(self.n as f64)
        }
        fn deserialize_char<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_char('a')
        }
        fn deserialize_str<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_borrowed_str(self.text())
        }
        fn deserialize_string<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_borrowed_str(self.text())
        }
        fn deserialize_bytes<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_borrowed_bytes(b"a")
        }
        fn deserialize_byte_buf<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_borrowed_bytes(b"a")
        }
        fn deserialize_option<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            if self.flavour % 2 == 1 {
                v.visit_some(self)
            } else {
                v.visit_none()
            }
        }
        fn deserialize_unit<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_unit()
        }
        fn deserialize_unit_struct<V: Visitor<'static>>(
            self,
            _: &'static str,
            v: V,
        ) -> Result<V::Value, Error> {
            v.visit_unit()
        }
        fn deserialize_newtype_struct<V: Visitor<'static>>(
            self,
            _: &'static str,
            v: V,
        ) -> Result<V::Value, Error> {
            v.visit_newtype_struct(self)
        }
        fn deserialize_seq<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_seq(Items {
                shape: self.inside(self.field),
                left: self.n as usize,
            })
        }
        fn deserialize_tuple<V: Visitor<'static>>(
            self,
            len: usize,
            v: V,
        ) -> Result<V::Value, Error> {
            v.visit_seq(Items {
                shape: self.inside(self.field),
                left: len,
            })
        }
        fn deserialize_tuple_struct<V: Visitor<'static>>(
            self,
            _: &'static str,
            len: usize,
            v: V,
        ) -> Result<V::Value, Error> {
            self.deserialize_tuple(len, v)
        }
        fn deserialize_map<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_map(Items {
                shape: self.inside(self.field),
                left: self.n as usize,
            })
        }
        fn deserialize_struct<V: Visitor<'static>>(
            self,
            _: &'static str,
            fields: &'static [&'static str],
            v: V,
        ) -> Result<V::Value, Error> {
            v.visit_map(Fields {
                shape: self,
                fields,
                next: 0,
            })
        }
        fn deserialize_enum<V: Visitor<'static>>(
            self,
            _: &'static str,
            variants: &'static [&'static str],
            v: V,
        ) -> Result<V::Value, Error> {
            let index = if self.depth == 0 {
                self.variants.set(variants.len());
                self.variant
            } else {
                self.flavour % variants.len()
            };
            if index >= variants.len() {
                return Err(Error(format!("no variant {index}")));
            }
            v.visit_enum(Variant {
                shape: self.inside(""),
                index: index as u32,
            })
        }
        fn deserialize_identifier<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_borrowed_str(self.field)
        }
        fn deserialize_ignored_any<V: Visitor<'static>>(self, v: V) -> Result<V::Value, Error> {
            v.visit_unit()
        }
    }

    /// Every variant of `T`, each with counts 1 and 2 and every flavour:
    /// `(variant name index, n, value)`.
    pub fn every<T: serde::Deserialize<'static>>() -> Vec<(usize, u64, T)> {
        let mut all = Vec::new();
        let mut variant = 0;
        loop {
            let count = Cell::new(0);
            for n in [1, 2] {
                for flavour in 0..6 {
                    let shape = Shape {
                        n,
                        flavour,
                        variant,
                        depth: 0,
                        field: "",
                        variants: &count,
                    };
                    match T::deserialize(shape) {
                        Ok(v) => all.push((variant, n, v)),
                        Err(e) => panic!(
                            "variant {variant} of {} cannot be built: {e}",
                            std::any::type_name::<T>()
                        ),
                    }
                }
            }
            variant += 1;
            if variant >= count.get() {
                return all;
            }
        }
    }
}

/// A count of exactly two with its noun in the singular.
fn two_with_a_singular(text: &str) -> Option<String> {
    const SINGULARS: [&str; 10] = [
        "unit", "hit", "die", "box", "card", "hex", "point", "shot", "charge", "leader",
    ];
    let words: Vec<&str> = [""]
        .into_iter()
        .chain(
            text.split(|c: char| c.is_whitespace() || c == '(' || c == ',')
                .filter(|w| !w.is_empty()),
        )
        .collect();
    words.windows(3).find_map(|w| {
        let noun = w[2].trim_end_matches(|c: char| !c.is_alphanumeric());
        (w[1] == "2" && !is_an_id_after(w[0]) && SINGULARS.contains(&noun))
            .then(|| format!("\"2 {noun}\" in: {text}"))
    })
}

/// A number after these words is the id of what they name ("unit 1
/// charges"), not a count.
fn is_an_id_after(word: &str) -> bool {
    [
        "unit", "leader", "piece", "gun", "force", "card", "turn", "impulse",
    ]
    .contains(&word)
}

/// What reads wrong whatever the numbers: a sentence left hanging on a
/// dash or colon, empty quotes, a refusal saying what is forbidden twice
/// ("cannot move now: may not move: …").
fn broken(text: &str) -> Option<String> {
    let t = text.trim_end();
    let hanging = [":", "—", "–", "-", ","].iter().any(|e| t.ends_with(e));
    let glued = [
        "— .", ": .", " ,", " .", "  ", "\"\"", "()", "[]", ": :", "— —",
    ]
    .iter()
    .find(|g| t.contains(**g));
    if t.is_empty() || hanging || glued.is_some() {
        return Some(format!("broken ({glued:?}): {text:?}"));
    }
    let lower = t.to_lowercase();
    let mut verbs = Vec::new();
    for neg in ["may not ", "cannot ", "must not "] {
        for (at, _) in lower.match_indices(neg) {
            let verb: String = lower[at + neg.len()..]
                .chars()
                .take_while(|c| c.is_alphabetic())
                .collect();
            if verbs.contains(&verb) {
                return Some(format!("says \"{neg}{verb}\" twice: {text:?}"));
            }
            verbs.push(verb);
        }
    }
    None
}

/// Every fault of one sentence.
fn faults(text: &str) -> Vec<String> {
    [
        one_with_a_plural(text),
        two_with_a_singular(text),
        broken(text),
    ]
    .into_iter()
    .flatten()
    .collect()
}

fn loaded(name: &str) -> files::LoadedScenario {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    files::load_scenario(&root.join(format!("scenarios/{name}.ron"))).expect("loads")
}

/// Renders every value `every` builds with `say`, and returns how many
/// sentences were read and the faults found, each with its variant.
fn read_all<T: serde::Deserialize<'static> + std::fmt::Debug>(
    kind: &str,
    say: impl Fn(&T) -> Vec<String>,
) -> (usize, usize, Vec<String>) {
    let all = shape::every::<T>();
    let variants = all.iter().map(|(v, _, _)| v + 1).max().unwrap_or(0);
    let mut read = 0;
    let mut wrong = Vec::new();
    for (_, n, value) in &all {
        for text in say(value) {
            read += 1;
            wrong.extend(
                faults(&text)
                    .into_iter()
                    .map(|f| format!("{kind} {value:?} (n = {n}): {f}")),
            );
        }
    }
    (variants, read, wrong)
}

#[test]
fn issue35_item28_every_event_and_refusal_of_every_rule_set_reads_right_with_counts_1_and_2() {
    use vedette::engine::Rules;
    use vedette::rules::{
        napoleon::engine as napoleon, naw::engine as naw, one_hour::engine as one_hour,
    };
    assert!(
        two_with_a_singular("takes 2 hit.").is_some(),
        "the test finds one"
    );
    assert!(two_with_a_singular("2 hits, 1 hit, 2 hexes").is_none());
    assert!(broken("It cannot move now: may not move: blocked").is_some());
    assert!(broken("a game of \"\" ends").is_some());
    assert!(broken("lost 3 units —").is_some());
    assert!(broken("0305 may not enter 0306: woods [4.2]").is_none());

    let mut report = Vec::new();
    let mut wrong = Vec::new();
    let mut take = |what: &str, (variants, read, w): (usize, usize, Vec<String>)| {
        report.push(format!("{what}: {variants} variants, {read} sentences"));
        assert!(
            variants > 0 && read >= variants * 2,
            "{what}: {variants} / {read}"
        );
        wrong.extend(w);
    };

    let w = loaded("waterloo");
    let b = naw::Naw::board(&w.scenario, &w.map).expect("sets up");
    take(
        "Napoleon at Waterloo events",
        read_all::<naw::Event>("event", |e| {
            vec![naw::Naw::event_sentence(&b, e), e.to_string()]
        }),
    );
    take(
        "Napoleon at Waterloo refusals",
        read_all::<naw::RuleError>("refusal", |e| vec![naw::Naw::refusal_sentence(&b, e)]),
    );

    let s = loaded("saint-aubin");
    let b = napoleon::Napoleon::board(&s.scenario, &s.map).expect("sets up");
    take(
        "Napoleon events",
        read_all::<napoleon::Event>("event", |e| {
            vec![napoleon::Napoleon::event_sentence(&b, e), e.to_string()]
        }),
    );
    take(
        "Napoleon refusals",
        read_all::<napoleon::RuleError>("refusal", |e| {
            vec![napoleon::Napoleon::refusal_sentence(&b, e)]
        }),
    );

    let o = loaded("waterloo-one-hour");
    let b = one_hour::OneHour::board(&o.scenario, &o.map).expect("sets up");
    take(
        "One Hour events",
        read_all::<one_hour::Event>("event", |e| {
            vec![one_hour::OneHour::event_sentence(&b, e), e.to_string()]
        }),
    );
    eprintln!("{}", report.join("\n"));
    wrong.sort();
    wrong.dedup();
    assert!(
        wrong.is_empty(),
        "{} faults:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// Every line of the crate's own code (tests left out) where a format
/// placeholder stands right before a plural noun: `"{n} hexes"` reads
/// "1 hexes" when n is 1. Such counts go through `words::counted`.
fn placeholders_before_plurals() -> Vec<String> {
    // Not "moves" or "charges": verbs more often than nouns.
    const PLURALS: [&str; 20] = [
        "units",
        "hits",
        "hexes",
        "boxes",
        "dice",
        "cards",
        "points",
        "shots",
        "leaders",
        "turns",
        "games",
        "pages",
        "battles",
        "forces",
        "threads",
        "seeds",
        "commands",
        "hexsides",
        "sides",
        "victory hexes",
    ];
    fn files(dir: &std::path::Path, out: &mut Vec<PathBuf>) {
        for e in std::fs::read_dir(dir).expect("src reads").flatten() {
            let p = e.path();
            if p.is_dir() {
                if p.file_name().is_some_and(|n| n != "tests") {
                    files(&p, out);
                }
            } else if p.extension().is_some_and(|x| x == "rs")
                && !p
                    .file_name()
                    .is_some_and(|n| n.to_string_lossy().ends_with("tests.rs"))
            {
                out.push(p);
            }
        }
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut paths = Vec::new();
    files(&root.join("src"), &mut paths);
    paths.sort();
    let mut found = Vec::new();
    for p in paths {
        let text = std::fs::read_to_string(&p).expect("reads");
        for (i, line) in text.lines().enumerate() {
            // Unit tests sit at the end of a file.
            if line.trim_start().starts_with("#[cfg(test)]") {
                break;
            }
            // `// count: why` says why the count is never one.
            if line.trim_start().starts_with("//") || line.contains("// count:") {
                continue;
            }
            for (at, _) in line.match_indices("} ") {
                let rest = &line[at + 2..];
                let Some(noun) = PLURALS.iter().find(|n| {
                    rest.strip_prefix(**n)
                        .is_some_and(|r| !r.starts_with(char::is_alphanumeric))
                }) else {
                    continue;
                };
                // A placeholder: `{` before on the line with no `}` between.
                let before = &line[..at];
                let Some(open) = before.rfind('{').filter(|&o| !before[o..].contains('}')) else {
                    continue;
                };
                let fraction = before[open..].contains(":.");
                let dimension = before[..open].ends_with('x');
                let verb = *noun == "turns" && rest.starts_with("turns to ");
                // A count over a limit ("… at most 65,000") is never one.
                let over_a_limit = line.contains("at most");
                if before.contains('"') && !(fraction || dimension || verb || over_a_limit) {
                    let file = p.strip_prefix(&root).unwrap_or(&p).display();
                    found.push(format!("{file}:{}: {{…}} {noun}: {}", i + 1, line.trim()));
                }
            }
        }
    }
    found
}

#[test]
fn issue35_item28_no_sentence_puts_a_bare_count_before_a_plural_noun() {
    let found = placeholders_before_plurals();
    assert!(
        found.is_empty(),
        "{} places:\n{}",
        found.len(),
        found.join("\n")
    );
}
