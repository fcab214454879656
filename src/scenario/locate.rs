//! Where a value sits in a RON text: the line and column of a field path
//! such as `units[3]`, `rules.leaders[1]` or `entries[12]`, so findings
//! about a file's meaning (a validation issue, a refused command, a log
//! entry that replays differently) carry a position as syntax errors do.
//!
//! A small reader of RON's shape, not of its values: structs `( name:
//! value, ...)`, tuples and enum variants `Name( ... )`, lists `[ ... ]`,
//! maps `{ key: value, ... }`, strings (raw and escaped), characters,
//! comments and bare words. A tuple or variant holding one value is
//! passed through (`rules: OneHour(( turn_limit: 15 ))` answers
//! `rules.turn_limit`). Text only: no file system, no serde.

/// A position in a text, both 1-based; the column counts characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TextPos {
    pub line: usize,
    pub column: usize,
}

impl std::fmt::Display for TextPos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.line, self.column)
    }
}

/// The line and column at which the value at `path` begins in `text`
/// (for a struct field, where its name is written), or `None` when the
/// text has no such value or is not RON this reader follows.
pub fn locate(text: &str, path: &str) -> Option<TextPos> {
    let steps = parse_path(path)?;
    let tokens = tokenize(text)?;
    let mut r = Reader { tokens, at: 0 };
    let root = r.value(0)?;
    let offset = find(&root, &steps)?;
    Some(position(text, offset))
}

/// The position of byte `offset` in `text`.
pub fn position(text: &str, offset: usize) -> TextPos {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    TextPos {
        line,
        column: before[start..].chars().count() + 1,
    }
}

/// The byte offset of a line and column in `text`.
pub fn offset_of(text: &str, p: TextPos) -> Option<usize> {
    let line_start = if p.line <= 1 {
        0
    } else {
        text.match_indices('\n').nth(p.line - 2)?.0 + 1
    };
    let col = text[line_start..]
        .char_indices()
        .nth(p.column.saturating_sub(1))
        .map_or(text.len() - line_start, |(i, _)| i);
    Some(line_start + col)
}

#[derive(Debug, PartialEq)]
enum Step {
    Field(String),
    Index(usize),
}

fn parse_path(path: &str) -> Option<Vec<Step>> {
    let mut out = Vec::new();
    for part in path.split('.').filter(|p| !p.is_empty()) {
        let (name, mut rest) = match part.find('[') {
            Some(i) => (&part[..i], &part[i..]),
            None => (part, ""),
        };
        if !name.is_empty() {
            out.push(Step::Field(name.to_string()));
        }
        while let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']')?;
            out.push(Step::Index(r[..end].trim().parse().ok()?));
            rest = &r[end + 1..];
        }
        if !rest.is_empty() {
            return None;
        }
    }
    Some(out)
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Tok<'a> {
    Open(char),
    Close(char),
    Colon,
    Comma,
    Word(&'a str),
    /// A string, character or number: a value with no inside.
    Atom,
}

/// The tokens of `text` with their byte offsets; `None` on an unclosed
/// string or comment.
fn tokenize(text: &str) -> Option<Vec<(Tok<'_>, usize)>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        match c {
            b' ' | b'\t' | b'\r' | b'\n' => i += 1,
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                // Block comments nest in RON.
                let mut depth = 0usize;
                loop {
                    if i + 1 >= b.len() {
                        return None;
                    }
                    if b[i] == b'/' && b[i + 1] == b'*' {
                        depth += 1;
                        i += 2;
                    } else if b[i] == b'*' && b[i + 1] == b'/' {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        i += 1;
                    }
                }
            }
            b'(' | b'[' | b'{' => {
                out.push((Tok::Open(c as char), i));
                i += 1;
            }
            b')' | b']' | b'}' => {
                out.push((Tok::Close(c as char), i));
                i += 1;
            }
            b':' => {
                out.push((Tok::Colon, i));
                i += 1;
            }
            b',' => {
                out.push((Tok::Comma, i));
                i += 1;
            }
            b'"' => {
                let start = i;
                i += 1;
                loop {
                    match b.get(i)? {
                        b'\\' => i += 2,
                        b'"' => {
                            i += 1;
                            break;
                        }
                        _ => i += 1,
                    }
                }
                out.push((Tok::Atom, start));
            }
            b'\'' => {
                let start = i;
                i += 1;
                loop {
                    match b.get(i)? {
                        b'\\' => i += 2,
                        b'\'' => {
                            i += 1;
                            break;
                        }
                        _ => i += 1,
                    }
                }
                out.push((Tok::Atom, start));
            }
            b'r' if matches!(b.get(i + 1), Some(b'"') | Some(b'#')) => {
                // A raw string: r"..." or r#"..."#.
                let start = i;
                i += 1;
                let mut hashes = 0;
                while b.get(i) == Some(&b'#') {
                    hashes += 1;
                    i += 1;
                }
                if b.get(i) != Some(&b'"') {
                    return None;
                }
                i += 1;
                loop {
                    if *b.get(i)? == b'"' && b[i + 1..].iter().take(hashes).all(|&x| x == b'#') {
                        if b.len() < i + 1 + hashes {
                            return None;
                        }
                        i += 1 + hashes;
                        break;
                    }
                    i += 1;
                }
                out.push((Tok::Atom, start));
            }
            _ => {
                // A bare word (identifier, number, `true`, `Some`): up to
                // the next delimiter.
                let start = i;
                while i < b.len()
                    && !matches!(
                        b[i],
                        b' ' | b'\t'
                            | b'\r'
                            | b'\n'
                            | b'('
                            | b')'
                            | b'['
                            | b']'
                            | b'{'
                            | b'}'
                            | b':'
                            | b','
                            | b'"'
                    )
                {
                    i += 1;
                }
                let word = &text[start..i];
                let is_number = word
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_digit() || c == '-' || c == '+' || c == '.');
                out.push((
                    if is_number {
                        Tok::Atom
                    } else {
                        Tok::Word(word)
                    },
                    start,
                ));
            }
        }
    }
    Some(out)
}

/// The shape of a value: where it starts and what is inside.
#[derive(Debug)]
struct Node<'a> {
    start: usize,
    inside: Inside<'a>,
}

#[derive(Debug)]
enum Inside<'a> {
    Leaf,
    /// Named fields: (name, where the name is written, value).
    Fields(Vec<(&'a str, usize, Node<'a>)>),
    /// A list, a tuple or a variant's values.
    Items(Vec<Node<'a>>),
}

struct Reader<'a> {
    tokens: Vec<(Tok<'a>, usize)>,
    at: usize,
}

/// Nesting beyond this is not followed (files are bounded, but a reader
/// must never recurse without end).
const MAX_DEPTH: usize = 128;

impl<'a> Reader<'a> {
    fn peek(&self, k: usize) -> Option<Tok<'a>> {
        self.tokens.get(self.at + k).map(|t| t.0)
    }

    fn value(&mut self, depth: usize) -> Option<Node<'a>> {
        if depth > MAX_DEPTH {
            return None;
        }
        let (tok, start) = *self.tokens.get(self.at)?;
        match tok {
            Tok::Atom => {
                self.at += 1;
                Some(Node {
                    start,
                    inside: Inside::Leaf,
                })
            }
            Tok::Word(_) => {
                self.at += 1;
                // `Name(...)`: a named struct, tuple or enum variant.
                if self.peek(0) == Some(Tok::Open('(')) {
                    let mut n = self.group(depth)?;
                    n.start = start;
                    Some(n)
                } else {
                    Some(Node {
                        start,
                        inside: Inside::Leaf,
                    })
                }
            }
            Tok::Open(_) => self.group(depth),
            _ => None,
        }
    }

    /// A bracketed group starting at the current `(`, `[` or `{`.
    fn group(&mut self, depth: usize) -> Option<Node<'a>> {
        let (Tok::Open(open), start) = *self.tokens.get(self.at)? else {
            return None;
        };
        let close = match open {
            '(' => ')',
            '[' => ']',
            _ => '}',
        };
        self.at += 1;
        let mut fields = Vec::new();
        let mut items = Vec::new();
        loop {
            match self.peek(0)? {
                Tok::Close(c) if c == close => {
                    self.at += 1;
                    break;
                }
                Tok::Comma => {
                    self.at += 1;
                    continue;
                }
                _ => {}
            }
            // `name: value` in a struct.
            if open == '('
                && let (Some(Tok::Word(name)), Some(Tok::Colon)) = (self.peek(0), self.peek(1))
            {
                let at = self.tokens[self.at].1;
                self.at += 2;
                let v = self.value(depth + 1)?;
                fields.push((name, at, v));
                continue;
            }
            let v = self.value(depth + 1)?;
            if open == '{' {
                // A map entry: key, then `: value`; the entry is found by
                // its position, as a list item.
                if self.peek(0) == Some(Tok::Colon) {
                    self.at += 1;
                    let mut val = self.value(depth + 1)?;
                    val.start = v.start;
                    items.push(val);
                    continue;
                }
            }
            items.push(v);
        }
        let inside = if !fields.is_empty() {
            Inside::Fields(fields)
        } else {
            Inside::Items(items)
        };
        Some(Node { start, inside })
    }
}

/// The offset of the value at `steps` under `node`.
fn find(node: &Node<'_>, steps: &[Step]) -> Option<usize> {
    let Some((first, rest)) = steps.split_first() else {
        return Some(node.start);
    };
    match (&node.inside, first) {
        (Inside::Fields(fields), Step::Field(name)) => {
            let (_, at, v) = fields.iter().find(|(n, _, _)| n == name)?;
            if rest.is_empty() {
                Some(*at)
            } else {
                find(v, rest)
            }
        }
        (Inside::Items(items), Step::Index(i)) => find(items.get(*i)?, rest),
        // A variant or tuple of one value (`Some(..)`, `OneHour((..))`,
        // `Inline((..))`) is passed through.
        (Inside::Items(items), Step::Field(_)) if items.len() == 1 => find(&items[0], steps),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = r##"(
    version: 1,
    title: "A, \"tricky\" (title)",
    // a comment with ( and [
    rules: OneHour((
        turn_limit: 15,
        leaders: [
            (name: "Ney", start: Some("0807")),
            (name: "Lobau", start: None),
        ],
    )),
    map: Inline((name: r#"x"# , hexes: {"0204": (elevation: 1), "0304": (elevation: 2)})),
    units: [
        (id: "a", facing: Some(N)),
        /* nested /* block */ comment */ (id: "b", c: 'x'),
    ],
)"##;

    #[test]
    fn fields_items_and_variants_are_found_where_written() {
        let at = |p: &str| locate(TEXT, p).map(|x| (x.line, x.column));
        assert_eq!(at("version"), Some((2, 5)));
        assert_eq!(at("title"), Some((3, 5)));
        assert_eq!(at("rules.turn_limit"), Some((6, 9)));
        assert_eq!(at("rules.leaders[1]"), Some((9, 13)));
        assert_eq!(at("rules.leaders[1].start"), Some((9, 29)));
        assert_eq!(at("map.hexes[1]"), Some((12, 65)));
        assert_eq!(at("units[1]"), Some((15, 42)));
        assert_eq!(at("units[0].facing"), Some((14, 19)));
        assert_eq!(at("units[2]"), None);
        assert_eq!(at("nothing"), None);
        assert_eq!(at("units[x]"), None);
        assert_eq!(at(""), Some((1, 1)));
    }

    #[test]
    fn a_list_of_commands_gives_each_entry() {
        let text = "[\n  Draw,\n  Shoot(unit: 1, target: 2),\n  EndTurn,\n]\n";
        assert_eq!(locate(text, "[1]"), Some(TextPos { line: 3, column: 3 }));
        assert_eq!(locate(text, "[2]"), Some(TextPos { line: 4, column: 3 }));
    }

    #[test]
    fn broken_text_finds_nothing_and_never_panics() {
        for t in [
            "(", "(a: \"x", "[1, 2", "(a: /* x", ")", "r#\"x", "((((((((",
        ] {
            let _ = locate(t, "a");
            let _ = locate(t, "[0]");
        }
        let deep = "[".repeat(10_000);
        assert_eq!(locate(&deep, "[0]"), None);
    }
}
