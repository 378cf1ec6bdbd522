//! C structure definitions in source text: finding one ([`find_struct`]),
//! rewriting its member list ([`rewrite_definition`], [`rewrite`]) and
//! removing a dead field's writes ([`remove_write`]).
//!
//! This is not a C parser. A small lexer skips comments, string and
//! character literals and preprocessor lines, and the rest works on its
//! tokens with a few rules that hold for ordinary declarations and
//! statements. Where the rules cannot tell what the code means, the
//! functions refuse with a sentence rather than guess: the advice is shown
//! to a person, and a patched copy must not change what the program does.
use std::collections::{HashMap, HashSet};

/// A structure definition in C source text (byte offsets into the text).
#[derive(Clone, Debug)]
pub struct CStruct {
    /// From the `struct` keyword to the closing `}` inclusive.
    pub start: usize,
    pub end: usize,
    /// Just after `{`, and the offset of the closing `}`.
    pub body_start: usize,
    pub body_end: usize,
    /// The member declarations, in source order.
    pub members: Vec<Member>,
}

/// One member declaration of a [`CStruct`] (it may declare several names).
#[derive(Clone, Debug)]
pub struct Member {
    /// The member's bytes: from the end of the previous member (or from
    /// `body_start`) to the end of its `;`, plus a comment that follows on
    /// the same line. Leading comments, blank lines and indentation belong
    /// to the member they precede.
    pub start: usize,
    pub end: usize,
    /// The names it declares, in order (`long a, *b;` declares a and b).
    pub names: Vec<String>,
    /// The type the declarators share (`long`, `struct node`, `const char`).
    pub base: String,
    /// Each declarator (`a`, `*b`, `name[16]`, `(*step)(struct p *, double)`).
    pub declarators: Vec<String>,
    /// A bit-field (`unsigned x : 3;`).
    pub bitfield: bool,
}

// ---------------------------------------------------------------------------
// Lexing

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Ident,
    Number,
    Literal,
    Punct,
}

/// A token of code: comments, whitespace and preprocessor lines are not
/// tokens. Offsets are at char boundaries: tokens only start and end next
/// to ASCII bytes (non-ASCII bytes are read as part of identifiers).
#[derive(Clone, Copy, Debug)]
struct Tok {
    kind: Kind,
    start: usize,
    end: usize,
}

struct Lexed {
    toks: Vec<Tok>,
    /// Where each preprocessor line starts (its `#`).
    directives: Vec<usize>,
}

const PUNCT3: &[&str] = &["<<=", ">>=", "..."];
const PUNCT2: &[&str] = &[
    "->", "++", "--", "<<", ">>", "<=", ">=", "==", "!=", "&&", "||", "+=", "-=", "*=", "/=", "%=", "&=", "^=", "|=",
    "##",
];

/// The assignment operators: a field followed by one of these is written.
const ASSIGN_OPS: &[&str] = &["=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>="];

/// Words that name a type by themselves (they may combine: `unsigned long`).
#[rustfmt::skip]
const TYPE_WORDS: &[&str] = &[
    "void", "char", "short", "int", "long", "float", "double", "signed", "unsigned", "_Bool", "bool", "_Complex",
    "__complex__", "_Imaginary", "__int128", "__signed", "__signed__", "_Float16", "_Float32", "_Float64",
    "_Float128", "_Float32x", "_Float64x", "__fp16", "__bf16", "_Decimal32", "_Decimal64", "_Decimal128",
];

/// Qualifiers and storage words: part of a type, but not a type alone.
#[rustfmt::skip]
const QUALIFIERS: &[&str] = &[
    "const", "volatile", "restrict", "__restrict", "__restrict__", "__const", "__const__", "__volatile",
    "__volatile__", "_Atomic", "__extension__", "static", "extern", "register", "auto", "inline", "__inline",
    "__inline__", "_Thread_local", "thread_local", "__thread",
];

/// Words always followed by a parenthesized group that belongs to them.
const ATTRIBUTE_WORDS: &[&str] =
    &["__attribute__", "__attribute", "__declspec", "_Alignas", "alignas", "__asm__", "__asm", "asm"];

/// Words that make a type from a parenthesized group (`_Atomic(int)`).
const TYPE_GROUP_WORDS: &[&str] = &["typeof", "__typeof__", "__typeof", "typeof_unqual", "_Atomic"];

/// Words followed by `(` that are not function calls.
const NOT_CALLS: &[&str] =
    &["sizeof", "_Alignof", "alignof", "__alignof__", "__alignof", "_Generic", "offsetof", "__builtin_offsetof"];

/// Keywords that may stand before a parenthesized expression.
const STATEMENT_WORDS: &[&str] = &["return", "if", "while", "for", "switch", "case", "else", "do", "goto"];

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b >= 0x80
}

/// The offset of the newline that ends a `//` comment starting at `i`
/// (the newline is not part of the comment).
fn line_comment_end(b: &[u8], i: usize) -> usize {
    b[i..].iter().position(|&c| c == b'\n').map_or(b.len(), |k| i + k)
}

/// Just after the `*/` of a block comment starting at `i`, or the end of
/// the text when it is not closed.
fn block_comment_end(b: &[u8], i: usize) -> usize {
    b[i + 2..].windows(2).position(|w| w == b"*/").map_or(b.len(), |k| i + 2 + k + 2)
}

/// Just after the closing quote of the literal starting at `i`. An
/// unterminated literal stops at the end of its line, like in compilers.
fn literal_end(b: &[u8], i: usize) -> usize {
    let quote = b[i];
    let mut j = i + 1;
    while j < b.len() {
        match b[j] {
            b'\\' => j += 2,
            b'\n' => return j,
            c if c == quote => return j + 1,
            _ => j += 1,
        }
    }
    b.len()
}

/// The newline that ends the preprocessor line starting at `i`, following
/// `\` continuations and skipping comments and literals on the way.
fn directive_end(b: &[u8], i: usize) -> usize {
    let mut j = i;
    while j < b.len() {
        match b[j] {
            b'\n' => return j,
            b'\\' if b[j + 1..].starts_with(b"\n") => j += 2,
            b'\\' if b[j + 1..].starts_with(b"\r\n") => j += 3,
            b'/' if b[j + 1..].starts_with(b"/") => return line_comment_end(b, j),
            b'/' if b[j + 1..].starts_with(b"*") => j = block_comment_end(b, j),
            b'"' | b'\'' => j = literal_end(b, j),
            _ => j += 1,
        }
    }
    b.len()
}

fn lex(text: &str) -> Lexed {
    let b = text.as_bytes();
    let mut toks = Vec::new();
    let mut directives = Vec::new();
    let mut i = 0;
    // Only blanks and comments since the last newline: a `#` here starts a
    // preprocessor line (comments are blanks to the preprocessor).
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        let start = i;
        let kind = match c {
            b'\n' => {
                line_start = true;
                i += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | 0x0b | 0x0c => {
                i += 1;
                continue;
            }
            b'\\' if next == Some(b'\n') || b[i + 1..].starts_with(b"\r\n") => {
                // A line splice in code.
                i += if next == Some(b'\n') { 2 } else { 3 };
                continue;
            }
            b'/' if next == Some(b'/') => {
                i = line_comment_end(b, i);
                continue;
            }
            b'/' if next == Some(b'*') => {
                i = block_comment_end(b, i);
                continue;
            }
            b'#' if line_start => {
                directives.push(i);
                i = directive_end(b, i);
                continue;
            }
            b'"' | b'\'' => {
                i = literal_end(b, i);
                Kind::Literal
            }
            _ if c.is_ascii_digit() || (c == b'.' && next.is_some_and(|n| n.is_ascii_digit())) => {
                i += 1;
                while i < b.len() {
                    let d = b[i];
                    let exponent_sign = (d == b'+' || d == b'-') && matches!(b[i - 1], b'e' | b'E' | b'p' | b'P');
                    if is_ident_byte(d) || d == b'.' || exponent_sign {
                        i += 1;
                    } else {
                        break;
                    }
                }
                Kind::Number
            }
            _ if is_ident_byte(c) => {
                while i < b.len() && is_ident_byte(b[i]) {
                    i += 1;
                }
                // `L"..."`, `u8'x'`: a prefixed literal.
                if matches!(&text[start..i], "L" | "u" | "U" | "u8") && matches!(b.get(i), Some(b'"' | b'\'')) {
                    i = literal_end(b, i);
                    Kind::Literal
                } else {
                    Kind::Ident
                }
            }
            _ => {
                let rest = &b[i..];
                let len = if PUNCT3.iter().any(|p| rest.starts_with(p.as_bytes())) {
                    3
                } else if PUNCT2.iter().any(|p| rest.starts_with(p.as_bytes())) {
                    2
                } else {
                    1
                };
                i += len;
                Kind::Punct
            }
        };
        line_start = false;
        toks.push(Tok { kind, start, end: i.min(b.len()) });
    }
    Lexed { toks, directives }
}

fn tx<'a>(text: &'a str, t: &Tok) -> &'a str {
    &text[t.start..t.end]
}

/// The offset where each line starts (line 1 at index 0).
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0).chain(text.match_indices('\n').map(|(i, _)| i + 1)).collect()
}

/// The 1-based line of byte offset `pos`.
fn line_of(starts: &[usize], pos: usize) -> u32 {
    starts.partition_point(|&s| s <= pos) as u32
}

/// The index of the bracket that closes the one at `open`.
fn close_of(text: &str, toks: &[Tok], open: usize) -> Option<usize> {
    let (o, c) = match tx(text, &toks[open]) {
        "(" => ("(", ")"),
        "[" => ("[", "]"),
        "{" => ("{", "}"),
        _ => return None,
    };
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(open) {
        let s = tx(text, t);
        if s == o {
            depth += 1;
        } else if s == c {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

/// The index of the bracket that opens the one closed at `close`.
fn open_of(text: &str, toks: &[Tok], close: usize) -> Option<usize> {
    let (o, c) = match tx(text, &toks[close]) {
        ")" => ("(", ")"),
        "]" => ("[", "]"),
        "}" => ("{", "}"),
        _ => return None,
    };
    let mut depth = 0usize;
    for k in (0..=close).rev() {
        let s = tx(text, &toks[k]);
        if s == c {
            depth += 1;
        } else if s == o {
            depth -= 1;
            if depth == 0 {
                return Some(k);
            }
        }
    }
    None
}

/// When an attribute (`__attribute__((...))`, `_Alignas(8)`, `[[...]]`)
/// starts at `i`, the index just after it.
fn after_attribute(text: &str, toks: &[Tok], i: usize) -> Option<usize> {
    let t = toks.get(i)?;
    let next = toks.get(i + 1).map(|n| tx(text, n));
    let s = tx(text, t);
    let group = if t.kind == Kind::Ident && ATTRIBUTE_WORDS.contains(&s) && next == Some("(") {
        i + 1
    } else if s == "[" && next == Some("[") {
        // `[[...]]`: the outer bracket closes the attribute.
        i
    } else {
        return None;
    };
    close_of(text, toks, group).map(|c| c + 1)
}

fn skip_attributes(text: &str, toks: &[Tok], mut i: usize) -> usize {
    while let Some(next) = after_attribute(text, toks, i) {
        i = next;
    }
    i
}

// ---------------------------------------------------------------------------
// Finding a definition

/// A `struct [TAG] {` in the text (token indices).
struct Definition {
    keyword: usize,
    open: usize,
    tag: Option<String>,
}

fn definitions(text: &str, toks: &[Tok]) -> Vec<Definition> {
    let mut found = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        if t.kind != Kind::Ident || tx(text, t) != "struct" {
            continue;
        }
        let mut j = skip_attributes(text, toks, i + 1);
        let mut tag = None;
        if let Some(name) = toks.get(j).filter(|n| n.kind == Kind::Ident) {
            tag = Some(tx(text, name).to_string());
            j = skip_attributes(text, toks, j + 1);
        }
        if toks.get(j).is_some_and(|n| tx(text, n) == "{") {
            found.push(Definition { keyword: i, open: j, tag });
        }
    }
    found
}

/// Finds the definition of `struct TAG { ... }` in `text`: the one that starts on
/// source line `line` (1-based; what the debug information says) when given,
/// else the only one in the text. Also accepts `typedef struct TAG { ... } name;`
/// (the definition is still `struct TAG {...}`) and, when `tag` is empty or no
/// tagged definition matches on `line`, an anonymous `struct {` starting on that line.
/// Errors (a sentence) when there is none, more than one without a line, or the
/// braces do not balance.
///
/// A definition "starts on" every line from its `struct` keyword to its
/// `{`, since compilers may report the line of the tag rather than of the
/// keyword.
pub fn find_struct(text: &str, tag: &str, line: Option<u32>) -> Result<CStruct, String> {
    let lexed = lex(text);
    let toks = &lexed.toks;
    let starts = line_starts(text);
    let defs = definitions(text, toks);
    let what = if tag.is_empty() { "an anonymous struct".to_string() } else { format!("struct {tag}") };
    let first_line = |d: &Definition| line_of(&starts, toks[d.keyword].start);
    let spans_line = |d: &Definition, l: u32| first_line(d) <= l && l <= line_of(&starts, toks[d.open].start);
    let lines_of = |ds: &[&Definition]| ds.iter().map(|d| first_line(d).to_string()).collect::<Vec<_>>().join(", ");

    let tagged: Vec<&Definition> = defs.iter().filter(|d| !tag.is_empty() && d.tag.as_deref() == Some(tag)).collect();
    let anonymous: Vec<&Definition> = defs.iter().filter(|d| d.tag.is_none()).collect();
    let def = match line {
        Some(l) => {
            let mut here: Vec<&Definition> = tagged.iter().copied().filter(|d| spans_line(d, l)).collect();
            if here.is_empty() {
                here = anonymous.iter().copied().filter(|d| spans_line(d, l)).collect();
            }
            match here.len() {
                1 => here[0],
                0 if tagged.is_empty() => return Err(format!("no definition of {what} starts on line {l}")),
                0 => {
                    return Err(format!(
                        "no definition of {what} starts on line {l} (definitions start on lines {})",
                        lines_of(&tagged)
                    ))
                }
                n => return Err(format!("{n} structure definitions start on line {l}: cannot tell which is {what}")),
            }
        }
        None => {
            let all = if tag.is_empty() { &anonymous } else { &tagged };
            match all.len() {
                1 => all[0],
                0 => return Err(format!("no definition of {what} in the text")),
                n => {
                    return Err(format!(
                        "{n} definitions of {what} (lines {}): the line is needed to choose",
                        lines_of(all)
                    ))
                }
            }
        }
    };
    let at = first_line(def);
    let close =
        close_of(text, toks, def.open).ok_or_else(|| format!("the braces of {what} (line {at}) do not balance"))?;
    let body_start = toks[def.open].end;
    let members =
        parse_members(text, &toks[def.open + 1..close], body_start).map_err(|e| format!("{what} (line {at}): {e}"))?;
    Ok(CStruct {
        start: toks[def.keyword].start,
        end: toks[close].end,
        body_start,
        body_end: toks[close].start,
        members,
    })
}

/// Just after the comments that follow `pos` on the same line (or `pos`).
fn trailing_end(text: &str, pos: usize) -> usize {
    let b = text.as_bytes();
    let mut end = pos;
    let mut j = pos;
    loop {
        while j < b.len() && (b[j] == b' ' || b[j] == b'\t') {
            j += 1;
        }
        if b[j..].starts_with(b"//") {
            return line_comment_end(b, j);
        }
        if !b[j..].starts_with(b"/*") {
            return end;
        }
        j = block_comment_end(b, j);
        end = j;
    }
}

/// Splits the body's tokens at the `;` outside brackets.
fn parse_members(text: &str, body: &[Tok], body_start: usize) -> Result<Vec<Member>, String> {
    let mut members = Vec::new();
    let mut depth = 0i32;
    let mut first = 0;
    let mut prev_end = body_start;
    for (k, t) in body.iter().enumerate() {
        match tx(text, t) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            ";" if depth == 0 => {
                let end = trailing_end(text, t.end);
                let decl = parse_declaration(text, &body[first..k]);
                members.push(Member {
                    start: prev_end,
                    end,
                    names: decl.names,
                    base: decl.base,
                    declarators: decl.declarators,
                    bitfield: decl.bitfield,
                });
                prev_end = end;
                first = k + 1;
            }
            _ => {}
        }
    }
    if first < body.len() {
        return Err("the last member has no `;`".to_string());
    }
    Ok(members)
}

struct Declaration {
    base: String,
    declarators: Vec<String>,
    names: Vec<String>,
    bitfield: bool,
}

/// Reads a declaration without its `;`: the shared type, then the
/// declarators separated by commas outside brackets.
fn parse_declaration(text: &str, toks: &[Tok]) -> Declaration {
    let n = toks.len();
    let group_end = |i: usize| close_of(text, toks, i).map_or(n, |c| c + 1);
    // The type ends where the first declarator starts: at `*`, `(`, `:` or
    // `[`, or at a second identifier once a type has been seen.
    let mut i = 0;
    let mut have_type = false;
    while i < n {
        if let Some(next) = after_attribute(text, toks, i) {
            i = next;
            continue;
        }
        let t = &toks[i];
        if t.kind != Kind::Ident {
            break;
        }
        let s = tx(text, t);
        let paren_follows = toks.get(i + 1).is_some_and(|p| tx(text, p) == "(");
        if TYPE_GROUP_WORDS.contains(&s) && paren_follows {
            i = group_end(i + 1);
            have_type = true;
        } else if matches!(s, "struct" | "union" | "enum") {
            i = skip_attributes(text, toks, i + 1);
            if toks.get(i).is_some_and(|t| t.kind == Kind::Ident) {
                i = skip_attributes(text, toks, i + 1);
            }
            if toks.get(i).is_some_and(|t| tx(text, t) == "{") {
                i = group_end(i);
            }
            have_type = true;
        } else if QUALIFIERS.contains(&s) {
            i += 1;
        } else if TYPE_WORDS.contains(&s) {
            have_type = true;
            i += 1;
        } else if have_type {
            break;
        } else {
            // A typedef name, or a macro that makes a type
            // (`LIST_ENTRY(node) link;`) unless the group looks like a
            // declarator (`handler_t (*h)(void)`).
            have_type = true;
            i += 1;
            let pointer_group = toks.get(i + 1).is_some_and(|t| matches!(tx(text, t), "*" | "^"));
            if paren_follows && !pointer_group {
                i = group_end(i);
            }
        }
    }
    let i = i.min(n);
    let base = if i > 0 { collapse_space(&text[toks[0].start..toks[i - 1].end]) } else { String::new() };

    let mut declarators = Vec::new();
    let mut names = Vec::new();
    let mut bitfield = false;
    for part in split_top_level(text, &toks[i..], ",") {
        if part.is_empty() {
            continue;
        }
        declarators.push(text[part[0].start..part[part.len() - 1].end].to_string());
        bitfield |= split_top_level(text, part, ":").len() > 1;
        if let Some(name) = declarator_name(text, part) {
            names.push(name);
        }
    }
    Declaration { base, declarators, names, bitfield }
}

/// `toks` cut at each `sep` outside brackets.
fn split_top_level<'t>(text: &str, toks: &'t [Tok], sep: &str) -> Vec<&'t [Tok]> {
    let mut parts = Vec::new();
    let mut depth = 0i32;
    let mut first = 0;
    for (k, t) in toks.iter().enumerate() {
        match tx(text, t) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => depth -= 1,
            s if s == sep && depth == 0 => {
                parts.push(&toks[first..k]);
                first = k + 1;
            }
            _ => {}
        }
    }
    parts.push(&toks[first..]);
    parts
}

/// The name a declarator declares: the first identifier after `*` and
/// qualifiers, looking inside the first parenthesized group (`(*step)(...)`).
/// None for an unnamed bit-field (`: 3`).
fn declarator_name(text: &str, toks: &[Tok]) -> Option<String> {
    let mut i = 0;
    while i < toks.len() {
        if let Some(next) = after_attribute(text, toks, i) {
            i = next;
            continue;
        }
        let s = tx(text, &toks[i]);
        match toks[i].kind {
            Kind::Ident if QUALIFIERS.contains(&s) => i += 1,
            Kind::Ident => return Some(s.to_string()),
            _ if matches!(s, "*" | "^" | "&") => i += 1,
            _ if s == "(" => {
                let close = close_of(text, toks, i)?;
                return declarator_name(text, &toks[i + 1..close]);
            }
            _ => return None,
        }
    }
    None
}

fn collapse_space(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

// ---------------------------------------------------------------------------
// Rewriting a definition

/// How a member's bytes divide, for putting them back together in pieces.
struct Parts<'a> {
    /// Blank lines, comments and indentation before the declaration.
    leading: &'a str,
    /// What starts a declaration split off this member: a newline and the
    /// member's indentation, or a space when the member shares its line.
    separator: String,
    /// The same-line comment after the `;`.
    trailing: &'a str,
    /// `trailing` ends with a `//` comment: what follows needs a newline.
    line_comment: bool,
}

fn member_parts<'a>(text: &'a str, toks: &[Tok], m: &Member) -> Result<Parts<'a>, String> {
    let from = toks.partition_point(|t| t.start < m.start);
    let to = toks.partition_point(|t| t.start < m.end);
    let inside = &toks[from..to];
    let (first, last) = match (inside.first(), inside.last()) {
        (Some(f), Some(l)) if tx(text, l) == ";" => (f, l),
        _ => return Err(format!("the member at byte {} is not a declaration ending with `;`", m.start)),
    };
    let leading = &text[m.start..first.start];
    let separator = match leading.rfind('\n') {
        Some(k) => {
            let after = &leading[k + 1..];
            let indent = &after[..after.len() - after.trim_start_matches([' ', '\t']).len()];
            let newline = if leading[..k].ends_with('\r') { "\r\n" } else { "\n" };
            format!("{newline}{indent}")
        }
        None => " ".to_string(),
    };
    let trailing = &text[last.end..m.end];
    Ok(Parts { leading, separator, trailing, line_comment: ends_in_line_comment(trailing) })
}

/// `s` (blanks and comments) ends with a `//` comment.
fn ends_in_line_comment(s: &str) -> bool {
    let mut rest = s.trim_start();
    while let Some(after) = rest.strip_prefix("/*") {
        rest = after.find("*/").map_or("", |k| &after[k + 2..]).trim_start();
    }
    rest.starts_with("//")
}

/// Appends `piece`, first ending an open `//` comment's line when the piece
/// does not start on a new line itself.
fn push_piece(out: &mut String, piece: &str, open_line_comment: &mut bool, ends_in_line_comment: bool) {
    if *open_line_comment && !piece.trim_start_matches([' ', '\t', '\r']).starts_with('\n') {
        out.push('\n');
    }
    out.push_str(piece);
    *open_line_comment = ends_in_line_comment;
}

/// Text safe inside a `/* */` comment.
fn comment_safe(s: &str) -> String {
    s.replace("*/", "* /")
}

/// What goes into the rewritten member list.
#[derive(Clone, Copy)]
enum Item {
    /// A member's bytes as they are.
    Whole(usize),
    /// One name of a member (member, index in its names): a declaration of
    /// its own, or the comment that replaces it when removed.
    Piece(usize, usize),
}

/// The definition `s` (from `struct` to `}`) with its members in `order`
/// (names), and each member named in `removed` (name, reason) replaced by a
/// comment `/* removed by dtrans advise: NAME (REASON) */` at the place where it was.
/// A member keeps its leading comments and its trailing same-line comment. A
/// member declaring several names whose names stay together and in their order
/// is kept as it is; otherwise it is split into one declaration per name
/// (`BASE DECLARATOR;`, indented like the original member). Every name of the
/// struct must be in exactly one of `order` and `removed` (else Err). Bit-field
/// members, and members that define a nested struct/union inline (`struct { int
/// x; } pos;`) may only stay whole (Err if they would need splitting). Removed
/// members are placed, as comments, where they were relative to the member
/// before them in the original order (or first).
///
/// When a member is split, its leading comments go with its first name and
/// its trailing comment with its last. Members without a name (`int : 3;`)
/// stay after the member before them. A member list containing preprocessor
/// lines may lose members but not be reordered (Err).
pub fn rewrite_definition(
    text: &str,
    s: &CStruct,
    order: &[String],
    removed: &[(String, String)],
) -> Result<String, String> {
    let mismatch = || "the structure's offsets do not match the text".to_string();
    let fits = |a: usize, b: usize| a <= b && text.get(a..b).is_some();
    if !fits(s.start, s.body_start)
        || !fits(s.body_start, s.body_end)
        || !fits(s.body_end, s.end)
        || !text[..s.body_start].ends_with('{')
        || !text[s.body_end..].starts_with('}')
        || s.members.iter().any(|m| !fits(m.start, m.end) || m.start < s.body_start || m.end > s.body_end)
    {
        return Err(mismatch());
    }
    let lexed = lex(text);
    let parts: Vec<Parts> = s.members.iter().map(|m| member_parts(text, &lexed.toks, m)).collect::<Result<_, _>>()?;

    // Which member declares each name, and the check that the two lists
    // name every field once.
    let mut owner: HashMap<&str, (usize, usize)> = HashMap::new();
    for (mi, m) in s.members.iter().enumerate() {
        for (ni, name) in m.names.iter().enumerate() {
            if owner.insert(name.as_str(), (mi, ni)).is_some() {
                return Err(format!("the structure declares `{name}` twice"));
            }
        }
    }
    let mut listed: HashSet<&str> = HashSet::new();
    let mut reasons: HashMap<&str, &str> = HashMap::new();
    let listed_names = order.iter().map(String::as_str).chain(removed.iter().map(|(n, _)| n.as_str()));
    for name in listed_names {
        if !owner.contains_key(name) {
            return Err(format!("`{name}` is not a field of the structure"));
        }
        if !listed.insert(name) {
            return Err(format!("field `{name}` is listed twice"));
        }
    }
    for (name, reason) in removed {
        reasons.insert(name.as_str(), reason.as_str());
    }
    let all_names: Vec<&str> = s.members.iter().flat_map(|m| m.names.iter().map(String::as_str)).collect();
    if let Some(missing) = all_names.iter().find(|n| !listed.contains(*n)) {
        return Err(format!("field `{missing}` is in neither the order nor the removed list"));
    }

    // Moving members across `#if` lines would change which members each
    // configuration has.
    let kept_in_place: Vec<&str> = all_names.iter().copied().filter(|n| !reasons.contains_key(n)).collect();
    let has_directive = lexed.directives.iter().any(|&d| s.body_start <= d && d < s.body_end);
    if has_directive && kept_in_place.iter().copied().ne(order.iter().map(String::as_str)) {
        return Err("the member list has preprocessor lines: reorder it by hand".to_string());
    }

    // What follows each kept name (None: what comes first): the removed
    // names and nameless members after it in the original order, up to the
    // next kept name.
    let mut tails: HashMap<Option<&str>, Vec<Item>> = HashMap::new();
    let mut anchor: Option<&str> = None;
    for (mi, m) in s.members.iter().enumerate() {
        if m.names.is_empty() {
            tails.entry(anchor).or_default().push(Item::Whole(mi));
        }
        for (ni, name) in m.names.iter().enumerate() {
            if reasons.contains_key(name.as_str()) {
                tails.entry(anchor).or_default().push(Item::Piece(mi, ni));
            } else {
                anchor = Some(name);
            }
        }
    }

    let mut items: Vec<Item> = tails.remove(&None).unwrap_or_default();
    let mut i = 0;
    while i < order.len() {
        let (mi, ni) = owner[order[i].as_str()];
        let m = &s.members[mi];
        let k = m.names.len();
        let untouched = m.names.iter().all(|n| !reasons.contains_key(n.as_str()));
        let together = order.get(i..i + k).is_some_and(|run| run.iter().eq(m.names.iter()));
        if untouched && together {
            items.push(Item::Whole(mi));
            for name in &m.names {
                items.extend(tails.remove(&Some(name.as_str())).unwrap_or_default());
            }
            i += k;
            continue;
        }
        let why = if m.bitfield {
            Some("is a bit-field")
        } else if m.base.contains('{') {
            Some("defines a type inline")
        } else if m.names.len() != m.declarators.len() {
            Some("has an unnamed declarator")
        } else {
            None
        };
        if let Some(why) = why {
            return Err(format!(
                "the member declaring {} {why}: its names must stay together, in order, and all kept or all removed",
                m.names.join(", ")
            ));
        }
        items.push(Item::Piece(mi, ni));
        items.extend(tails.remove(&Some(order[i].as_str())).unwrap_or_default());
        i += 1;
    }

    let mut out = text[s.start..s.body_start].to_string();
    let mut open_line_comment = false;
    for item in items {
        match item {
            Item::Whole(mi) => {
                let m = &s.members[mi];
                push_piece(&mut out, &text[m.start..m.end], &mut open_line_comment, parts[mi].line_comment);
            }
            Item::Piece(mi, ni) => {
                let (m, p) = (&s.members[mi], &parts[mi]);
                let mut piece = if ni == 0 { p.leading.to_string() } else { p.separator.clone() };
                let name = &m.names[ni];
                match reasons.get(name.as_str()) {
                    Some(reason) => piece.push_str(&format!(
                        "/* removed by dtrans advise: {} ({}) */",
                        comment_safe(name),
                        comment_safe(reason)
                    )),
                    None if m.base.is_empty() => piece.push_str(&format!("{};", m.declarators[ni])),
                    None => piece.push_str(&format!("{} {};", m.base, m.declarators[ni])),
                }
                let last = ni + 1 == m.names.len();
                if last {
                    piece.push_str(p.trailing);
                }
                push_piece(&mut out, &piece, &mut open_line_comment, last && p.line_comment);
            }
        }
    }
    let closing_from = s.members.last().map_or(s.body_start, |m| m.end);
    push_piece(&mut out, &text[closing_from..s.body_end], &mut open_line_comment, false);
    out.push_str(&text[s.body_end..s.end]);
    Ok(out)
}

/// `text` with the definition `s` replaced by `rewrite_definition`'s result.
pub fn rewrite(text: &str, s: &CStruct, order: &[String], removed: &[(String, String)]) -> Result<String, String> {
    let definition = rewrite_definition(text, s, order, removed)?;
    Ok(format!("{}{}{}", &text[..s.start], definition, &text[s.end..]))
}

// ---------------------------------------------------------------------------
// Removing writes

/// Removes, from line `line` (1-based) of `text`, the statement that assigns
/// field `field` of some object (`p->field = E;`, `x.field = E;`, `a[i].field = E;`,
/// `p->q->field = E;`), when it is a whole statement (starts after `;`, `{`, `}` or
/// the start of the line, ends at its `;`) and E has no side effects: no
/// function call (an identifier followed by `(`; casts like `(long)x` and
/// `sizeof(...)` are fine), no `++`, `--`, and no assignment operator other than
/// the one being removed (`==`, `<=`, `>=`, `!=` are fine). Also `p->field++;`,
/// `++p->field;`, `p->field += E;` and the like under the same conditions.
/// Returns the text with that statement's bytes removed (the rest of the line
/// kept, e.g. other statements), or Err with the reason (no such statement on
/// the line, E may have side effects, the assignment is part of a larger
/// expression such as `if (p->f = g)` or `a = p->f = 1`).
/// Compound statements spanning lines: only the case where the statement
/// starts on `line` is handled (it may continue on later lines up to its `;`).
///
/// The statement may also follow a label (`done:`, `case 1:`, `default:`).
/// The body of an `if`/`else`/`for`/`while`/`do` without braces is refused.
/// Line numbers stay as they were, so that later lines can be given from
/// the same debug information: the statement's newlines are kept, a line
/// left blank becomes empty, and the blanks next to the statement on its
/// line go with it. Several writes of the field on the line are all removed
/// (Err if any of them cannot be).
pub fn remove_write(text: &str, line: u32, field: &str) -> Result<String, String> {
    let lexed = lex(text);
    let toks = &lexed.toks;
    let starts = line_starts(text);
    let mut ranges = Vec::new();
    for (f, t) in toks.iter().enumerate() {
        let accessed = f > 0 && matches!(tx(text, &toks[f - 1]), "->" | ".");
        if t.kind != Kind::Ident || tx(text, t) != field || !accessed || line_of(&starts, t.start) != line {
            continue;
        }
        let found = write_statement(text, toks, f).map_err(|e| format!("line {line}, field `{field}`: {e}"))?;
        if let Some((a, b)) = found {
            if line_of(&starts, a) != line {
                return Err(format!("line {line}, field `{field}`: the statement starts on an earlier line"));
            }
            ranges.push((a, b));
        }
    }
    if ranges.is_empty() {
        return Err(format!("line {line} has no statement that assigns field `{field}`"));
    }
    let mut out = text.to_string();
    // From the last, so that the earlier offsets stay valid.
    for &(a, b) in ranges.iter().rev() {
        cut_statement(&mut out, a, b);
    }
    Ok(out)
}

/// When the field at token `f` is written, the bytes of the statement that
/// writes it; None when it is only read; Err when it is written but the
/// statement cannot be removed.
fn write_statement(text: &str, toks: &[Tok], f: usize) -> Result<Option<(usize, usize)>, String> {
    let after = toks.get(f + 1).map(|t| tx(text, t));
    let assign = after.is_some_and(|s| ASSIGN_OPS.contains(&s));
    // `{ .x = 1, .y = 2 }`: an initializer, not a statement.
    let designator = tx(text, &toks[f - 1]) == "." && f >= 2 && matches!(tx(text, &toks[f - 2]), "{" | ",");
    if designator && assign {
        return Err("a designated initializer sets the field; change it by hand".to_string());
    }
    let postfix = matches!(after, Some("++" | "--"));
    let object = object_start(text, toks, f - 1);
    let prefix = object.as_ref().is_ok_and(|&o| o > 0 && matches!(tx(text, &toks[o - 1]), "++" | "--"));
    if !assign && !postfix && !prefix {
        return Ok(None);
    }
    let object = object?;
    let start = if prefix { object - 1 } else { object };
    check_statement_start(text, toks, start)?;
    let semi = if assign {
        let semi = expression_end(text, toks, f + 2)?;
        if semi == f + 2 {
            return Err("nothing is assigned".to_string());
        }
        if let Some(why) = side_effect(text, &toks[f + 2..semi]) {
            return Err(format!("the value assigned may have side effects ({why})"));
        }
        semi
    } else {
        let semi = if postfix { f + 2 } else { f + 1 };
        if toks.get(semi).map(|t| tx(text, t)) != Some(";") {
            return Err("the `++`/`--` is part of a larger expression".to_string());
        }
        semi
    };
    if let Some(why) = side_effect(text, &toks[object..f - 1]) {
        return Err(format!("the object written may have side effects ({why})"));
    }
    Ok(Some((toks[start].start, toks[semi].end)))
}

/// The first token of the object expression that ends before the `->` or
/// `.` at `acc`: `p`, `a[i]`, `p->q`, `(*p)`.
fn object_start(text: &str, toks: &[Tok], acc: usize) -> Result<usize, String> {
    let mut k = acc;
    loop {
        if k == 0 {
            return Err("no object before the field".to_string());
        }
        let t = &toks[k - 1];
        if t.kind == Kind::Ident {
            let start = k - 1;
            if start > 0 && matches!(tx(text, &toks[start - 1]), "->" | ".") {
                k = start - 1;
                continue;
            }
            return Ok(start);
        }
        match tx(text, t) {
            // An index: what precedes `[` is the rest of the object.
            "]" => k = open_of(text, toks, k - 1).ok_or("unbalanced brackets")?,
            ")" => {
                let open = open_of(text, toks, k - 1).ok_or("unbalanced parentheses")?;
                let before = open.checked_sub(1).map(|b| &toks[b]);
                let call = before.is_some_and(|b| {
                    let s = tx(text, b);
                    b.kind == Kind::Ident && !STATEMENT_WORDS.contains(&s) && !NOT_CALLS.contains(&s)
                });
                if call {
                    return Err("the object is the result of a function call".to_string());
                }
                return Ok(open);
            }
            s => return Err(format!("cannot tell which object is written (`{s}` before the field)")),
        }
    }
}

/// Refuses a write that does not start a statement of its own.
fn check_statement_start(text: &str, toks: &[Tok], start: usize) -> Result<(), String> {
    // Statements are never inside parentheses or brackets: one still open
    // here means a condition, a call's arguments, a `for` header.
    let mut open: Vec<&str> = Vec::new();
    for t in &toks[..start] {
        match tx(text, t) {
            s @ ("(" | "[" | "{") => open.push(s),
            ")" | "]" | "}" => {
                open.pop();
            }
            _ => {}
        }
    }
    if matches!(open.last(), Some(&"(" | &"[")) {
        return Err("the write is inside parentheses, part of a larger expression".to_string());
    }
    let Some(prev) = start.checked_sub(1) else { return Ok(()) };
    match tx(text, &toks[prev]) {
        ";" | "{" | "}" => Ok(()),
        ")" | "else" | "do" => Err("the statement is the body of an `if`, `else`, `for`, `while` or `do` without \
                                    braces: removing it would change the program"
            .to_string()),
        ":" if is_label(text, toks, prev) => Ok(()),
        _ => Err("the write is part of a larger expression".to_string()),
    }
}

/// The `:` at `colon` ends a label: `name:`, `case E:`, `default:`.
fn is_label(text: &str, toks: &[Tok], colon: usize) -> bool {
    let Some(before) = colon.checked_sub(1) else { return false };
    let word = tx(text, &toks[before]);
    if word == "default" {
        return true;
    }
    let boundary = |k: usize| k == 0 || matches!(tx(text, &toks[k - 1]), ";" | "{" | "}" | ":");
    if toks[before].kind == Kind::Ident && boundary(before) && !STATEMENT_WORDS.contains(&word) {
        return true;
    }
    // `case E:`: a `case` before the colon, with no `?` (whose `:` this
    // would be) in between.
    for k in (0..colon).rev() {
        match tx(text, &toks[k]) {
            "case" => return true,
            "?" | ";" | "{" | "}" => return false,
            _ => {}
        }
    }
    false
}

/// The index of the `;` that ends the expression starting at `from`.
fn expression_end(text: &str, toks: &[Tok], from: usize) -> Result<usize, String> {
    let mut depth = 0usize;
    for (k, t) in toks.iter().enumerate().skip(from) {
        match tx(text, t) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" if depth == 0 => return Err("the write is part of a larger expression".to_string()),
            ")" | "]" | "}" => depth -= 1,
            "," if depth == 0 => return Err("the write is followed by `,`, part of a larger expression".to_string()),
            ";" if depth == 0 => return Ok(k),
            _ => {}
        }
    }
    Err("the statement has no `;`".to_string())
}

/// What in `toks` may have a side effect, if anything.
fn side_effect(text: &str, toks: &[Tok]) -> Option<&'static str> {
    for (k, t) in toks.iter().enumerate() {
        let s = tx(text, t);
        if s == "++" || s == "--" {
            return Some("`++` or `--`");
        }
        if ASSIGN_OPS.contains(&s) {
            return Some("an assignment");
        }
        if s != "(" || k == 0 {
            continue;
        }
        let prev = &toks[k - 1];
        let ps = tx(text, prev);
        let call = match prev.kind {
            Kind::Ident => {
                !(NOT_CALLS.contains(&ps)
                    || TYPE_WORDS.contains(&ps)
                    || QUALIFIERS.contains(&ps)
                    || STATEMENT_WORDS.contains(&ps))
            }
            // `(long)(x)` is a cast; `(*fp)(x)` and `fp[i](x)` are calls.
            _ if ps == ")" => !is_cast(text, toks, k - 1),
            _ => ps == "]",
        };
        if call {
            return Some("a function call");
        }
    }
    None
}

/// The group closed at `close` holds only a type made of keywords and `*`
/// (`(long)`, `(struct p *)`): a cast. A typedef name cannot be told from a
/// variable, so `(T)` is not taken for a cast.
fn is_cast(text: &str, toks: &[Tok], close: usize) -> bool {
    let Some(open) = open_of(text, toks, close) else { return false };
    let inner = &toks[open + 1..close];
    !inner.is_empty()
        && inner.iter().enumerate().all(|(k, t)| {
            let s = tx(text, t);
            let tagged = k > 0 && matches!(tx(text, &inner[k - 1]), "struct" | "union" | "enum");
            s == "*"
                || TYPE_WORDS.contains(&s)
                || QUALIFIERS.contains(&s)
                || matches!(s, "struct" | "union" | "enum")
                || (tagged && t.kind == Kind::Ident)
        })
}

/// Removes the statement at `a..b` of `out`, with the blanks that separate
/// it from the rest of its line, keeping its newlines.
fn cut_statement(out: &mut String, a: usize, b: usize) {
    let bytes = out.as_bytes();
    let line_start = out[..a].rfind('\n').map_or(0, |k| k + 1);
    let line_end = out[b..].find('\n').map_or(out.len(), |k| b + k);
    let (mut a, mut b) = (a, b);
    if out[b..line_end].trim().is_empty() {
        // Last on its line: the blanks before it go, and any `\r`.
        b = line_end;
        while a > line_start && matches!(bytes[a - 1], b' ' | b'\t') {
            a -= 1;
        }
    } else {
        while b < line_end && matches!(bytes[b], b' ' | b'\t') {
            b += 1;
        }
    }
    let breaks: String = out[a..b].chars().filter(|&c| c == '\n' || c == '\r').collect();
    out.replace_range(a..b, &breaks);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn removal(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(n, r)| (n.to_string(), r.to_string())).collect()
    }

    fn member_names(s: &CStruct) -> Vec<Vec<String>> {
        s.members.iter().map(|m| m.names.clone()).collect()
    }

    /// Finds the only `struct TAG` and rewrites it.
    fn rewritten(text: &str, tag: &str, order: &[&str], removed: &[(&str, &str)]) -> Result<String, String> {
        let s = find_struct(text, tag, None)?;
        rewrite(text, &s, &names(order), &removal(removed))
    }

    #[test]
    fn finds_the_only_definition() {
        let text = "#include <stdio.h>\nstruct node { int a; long b; };\nint main(void) { return 0; }\n";
        let s = find_struct(text, "node", None).unwrap();
        assert_eq!(&text[s.start..s.end], "struct node { int a; long b; }");
        assert_eq!(&text[s.body_start..s.body_end], " int a; long b; ");
        assert_eq!(member_names(&s), vec![names(&["a"]), names(&["b"])]);
        assert_eq!(&text[s.members[0].start..s.members[0].end], " int a;");
        assert_eq!(&text[s.members[1].start..s.members[1].end], " long b;");
        assert_eq!(s.members[1].base, "long");
        // A use of the tag is not a definition.
        let text = "struct node;\nstruct node *head;\nstruct node {\n  int v;\n};\n";
        let s = find_struct(text, "node", Some(3)).unwrap();
        assert_eq!(member_names(&s), vec![names(&["v"])]);
    }

    #[test]
    fn finds_by_line_among_several() {
        let text = "#ifdef BIG\nstruct rec {\n  long a;\n};\n#else\nstruct rec {\n  int a;\n};\n#endif\n";
        let err = find_struct(text, "rec", None).unwrap_err();
        assert!(err.contains("2 definitions") && err.contains("lines 2, 6"), "{err}");
        let first = find_struct(text, "rec", Some(2)).unwrap();
        assert_eq!(first.members[0].base, "long");
        let second = find_struct(text, "rec", Some(6)).unwrap();
        assert_eq!(second.members[0].base, "int");
        let err = find_struct(text, "rec", Some(4)).unwrap_err();
        assert!(err.contains("line 4"), "{err}");
        // The debug information may name the tag's line.
        let text = "struct\nsplit\n{\n  int a;\n};\n";
        assert!(find_struct(text, "split", Some(2)).is_ok());
        assert!(find_struct(text, "split", Some(4)).is_err());
    }

    #[test]
    fn finds_typedef_and_anonymous_forms() {
        let text = "typedef struct pt {\n  int x, y;\n} pt_t;\ntypedef struct {\n  char c;\n} anon_t;\n";
        let s = find_struct(text, "pt", None).unwrap();
        assert!(text[s.start..].starts_with("struct pt {"));
        assert!(text[..s.end].ends_with("\n}"));
        assert_eq!(member_names(&s), vec![names(&["x", "y"])]);
        let cases: [(&str, Option<u32>); 3] = [("", Some(4)), ("anon_t", Some(4)), ("", None)];
        for (tag, line) in cases {
            let s = find_struct(text, tag, line).unwrap();
            assert_eq!(member_names(&s), vec![names(&["c"])], "{tag:?} {line:?}");
        }
        assert!(find_struct(text, "anon_t", None).is_err());
        assert!(find_struct(text, "", Some(1)).is_err());
    }

    #[test]
    fn skips_comments_strings_and_preprocessor_lines() {
        let text = r#"/* struct node { int fake; }; */
#define OPEN struct node {
#define LONG_MACRO(x) \
    struct node { x; }
const char *s = "struct node { int y; };";
char brace = '{';
struct node {
    char c; /* ; } { */
    // } ; struct node {
    const char *q; // "quote ' and } here
    char tail[2]; /* größe: ü } */
};
"#;
        let s = find_struct(text, "node", None).unwrap();
        assert_eq!(member_names(&s), vec![names(&["c"]), names(&["q"]), names(&["tail"])]);
        assert_eq!(&text[s.members[0].start..s.members[0].end], "\n    char c; /* ; } { */");
        assert_eq!(
            &text[s.members[1].start..s.members[1].end],
            "\n    // } ; struct node {\n    const char *q; // \"quote ' and } here"
        );
        assert!(text[s.members[2].start..s.members[2].end].ends_with("ü } */"));
        assert_eq!(&text[s.members[2].end..s.body_end], "\n");
        assert_eq!(find_struct(text, "node", Some(7)).unwrap().start, s.start);
    }

    #[test]
    fn reports_missing_and_unbalanced_definitions() {
        let cases = [
            ("struct a { int x; };", "b", "no definition of struct b"),
            ("struct a { int x; ", "a", "do not balance"),
            ("struct a { int x; int y };", "a", "no `;`"),
            ("int x;", "", "no definition of an anonymous struct"),
        ];
        for (text, tag, expected) in cases {
            let err = find_struct(text, tag, None).unwrap_err();
            assert!(err.contains(expected), "{text:?}: {err}");
        }
    }

    /// (member, names, base, declarators, bit-field)
    type DeclaratorCase<'a> = (&'a str, &'a [&'a str], &'a str, &'a [&'a str], bool);

    #[test]
    fn reads_declarators() {
        let cases: &[DeclaratorCase] = &[
            ("long a, *b;", &["a", "b"], "long", &["a", "*b"], false),
            ("struct node *next, *prev;", &["next", "prev"], "struct node", &["*next", "*prev"], false),
            ("unsigned long a, b;", &["a", "b"], "unsigned long", &["a", "b"], false),
            ("const char *const name;", &["name"], "const char", &["*const name"], false),
            ("char name[16];", &["name"], "char", &["name[16]"], false),
            ("int (*step)(struct p *, double);", &["step"], "int", &["(*step)(struct p *, double)"], false),
            ("handler_t (*h)(void);", &["h"], "handler_t", &["(*h)(void)"], false),
            ("unsigned x : 3;", &["x"], "unsigned", &["x : 3"], true),
            ("int : 3;", &[], "int", &[": 3"], true),
            ("unsigned f1 : 1, f2 : 2;", &["f1", "f2"], "unsigned", &["f1 : 1", "f2 : 2"], true),
            ("struct { int x; } pos;", &["pos"], "struct { int x; }", &["pos"], false),
            ("__attribute__((aligned(8))) long v;", &["v"], "__attribute__((aligned(8))) long", &["v"], false),
            ("long w __attribute__((aligned(8)));", &["w"], "long", &["w __attribute__((aligned(8)))"], false),
            ("LIST_ENTRY(node) link;", &["link"], "LIST_ENTRY(node)", &["link"], false),
            ("size_t n;", &["n"], "size_t", &["n"], false),
            ("int m[2][3], (*pa)[4];", &["m", "pa"], "int", &["m[2][3]", "(*pa)[4]"], false),
            ("union { int i; float f; };", &[], "union { int i; float f; }", &[], false),
        ];
        for &(member, want_names, base, declarators, bitfield) in cases {
            let text = format!("struct t {{ {member} }};");
            let s = find_struct(&text, "t", None).unwrap();
            assert_eq!(s.members.len(), 1, "{member}");
            let m = &s.members[0];
            assert_eq!(m.names, names(want_names), "{member}");
            assert_eq!(m.base, base, "{member}");
            assert_eq!(m.declarators, names(declarators), "{member}");
            assert_eq!(m.bitfield, bitfield, "{member}");
        }
    }

    const NODE: &str =
        "struct node {\n    /* the key */\n    int key;   // hashed\n    struct node *next, *prev;\n    \
                        double weight;\n};\n";

    #[test]
    fn keeps_the_text_when_nothing_changes() {
        let out = rewritten(NODE, "node", &["key", "next", "prev", "weight"], &[]).unwrap();
        assert_eq!(out, NODE);
    }

    #[test]
    fn reorders_members_with_their_comments() {
        let out = rewritten(NODE, "node", &["weight", "next", "prev", "key"], &[]).unwrap();
        let want = "struct node {\n    double weight;\n    struct node *next, *prev;\n    /* the key */\n    \
                    int key;   // hashed\n};\n";
        assert_eq!(out, want);
    }

    #[test]
    fn splits_members_only_when_their_names_part() {
        // (order, expected member list)
        let cases: &[(&[&str], &str)] = &[
            (
                &["next", "key", "prev", "weight"],
                "\n    struct node *next;\n    /* the key */\n    int key;   // hashed\n    struct node *prev;\n    \
                 double weight;\n",
            ),
            (
                &["prev", "next", "weight", "key"],
                "\n    struct node *prev;\n    struct node *next;\n    double weight;\n    /* the key */\n    \
                 int key;   // hashed\n",
            ),
            (
                &["weight", "key", "next", "prev"],
                "\n    double weight;\n    /* the key */\n    int key;   // hashed\n    struct node *next, *prev;\n",
            ),
        ];
        for &(order, body) in cases {
            let out = rewritten(NODE, "node", order, &[]).unwrap();
            assert_eq!(out, format!("struct node {{{body}}};\n"), "{order:?}");
        }
    }

    #[test]
    fn function_pointer_and_array_members() {
        let text = "struct ops {\n\tint (*step)(struct p *, double), table[4];\n\tchar name[16];\n};";
        let out = rewritten(text, "ops", &["name", "table", "step"], &[]).unwrap();
        assert_eq!(out, "struct ops {\n\tchar name[16];\n\tint table[4];\n\tint (*step)(struct p *, double);\n};");
        let out = rewritten(text, "ops", &["name", "step", "table"], &[]).unwrap();
        assert_eq!(out, "struct ops {\n\tchar name[16];\n\tint (*step)(struct p *, double), table[4];\n};");
    }

    #[test]
    fn replaces_removed_members_by_comments() {
        let out = rewritten(NODE, "node", &["weight", "key"], &[("next", "never read"), ("prev", "never read")]);
        let want = "struct node {\n    double weight;\n    /* the key */\n    int key;   // hashed\n    \
                    /* removed by dtrans advise: next (never read) */\n    \
                    /* removed by dtrans advise: prev (never read) */\n};\n";
        assert_eq!(out.unwrap(), want);
        // One name of a pair; the first member; a reason holding `*/`.
        let out = rewritten(NODE, "node", &["weight", "next"], &[("key", "unused */"), ("prev", "dead")]);
        let want =
            "struct node {\n    /* the key */\n    /* removed by dtrans advise: key (unused * /) */   // hashed\n    \
                    double weight;\n    struct node *next;\n    /* removed by dtrans advise: prev (dead) */\n};\n";
        assert_eq!(out.unwrap(), want);
    }

    /// (order, removed, words of the error)
    type ListCase<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a str);

    #[test]
    fn checks_the_lists() {
        let cases: &[ListCase] = &[
            (&["key", "next", "prev"], &[], "field `weight` is in neither"),
            (&["key", "next", "prev"], &[("next", "x"), ("weight", "x")], "`next` is listed twice"),
            (&["key", "next", "prev", "weight", "other"], &[], "`other` is not a field"),
        ];
        for &(order, removed, expected) in cases {
            let err = rewritten(NODE, "node", order, removed).unwrap_err();
            assert!(err.contains(expected), "{order:?}: {err}");
        }
    }

    #[test]
    fn bitfields_stay_whole() {
        let text = "struct flags {\n  unsigned a : 1, b : 2;\n  int : 3;\n  long n;\n};";
        let s = find_struct(text, "flags", None).unwrap();
        assert_eq!(member_names(&s), vec![names(&["a", "b"]), vec![], names(&["n"])]);
        // The unnamed bit-field follows the member before it.
        let out = rewrite(text, &s, &names(&["n", "a", "b"]), &[]).unwrap();
        assert_eq!(out, "struct flags {\n  long n;\n  unsigned a : 1, b : 2;\n  int : 3;\n};");
        let out = rewrite(text, &s, &names(&["a", "b"]), &removal(&[("n", "dead")])).unwrap();
        assert_eq!(
            out,
            "struct flags {\n  unsigned a : 1, b : 2;\n  int : 3;\n  /* removed by dtrans advise: n (dead) */\n};"
        );
        for (order, removed) in [(&["b", "a", "n"][..], &[][..]), (&["a", "n"], &[("b", "dead")])] {
            let err = rewrite(text, &s, &names(order), &removal(removed)).unwrap_err();
            assert!(err.contains("bit-field"), "{err}");
        }
    }

    #[test]
    fn inline_structs_stay_whole() {
        let text = "struct obj {\n  int id;\n  struct { int x, y; } pos, vel;\n};";
        let out = rewritten(text, "obj", &["pos", "vel", "id"], &[]).unwrap();
        assert_eq!(out, "struct obj {\n  struct { int x, y; } pos, vel;\n  int id;\n};");
        let err = rewritten(text, "obj", &["vel", "pos", "id"], &[]).unwrap_err();
        assert!(err.contains("pos, vel"), "{err}");
        assert!(err.contains("inline"), "{err}");
        let out = rewritten(text, "obj", &["id"], &[("pos", "a"), ("vel", "b")]).unwrap();
        assert!(out.contains("pos (a) */\n  /* removed by dtrans advise: vel (b) */\n};"), "{out}");
    }

    #[test]
    fn rewrites_in_place_within_the_text() {
        let text = "// größe\ntypedef struct p { char c; long l; } p_t; /* é */\nstruct other { int x; };\n";
        let out = rewritten(text, "p", &["l", "c"], &[]).unwrap();
        assert_eq!(out, "// größe\ntypedef struct p { long l; char c; } p_t; /* é */\nstruct other { int x; };\n");
        // A `//` comment moved before a member on its line ends its line.
        let text = "struct q { int a; // A\n  int b; int c; };";
        let out = rewritten(text, "q", &["c", "a", "b"], &[]).unwrap();
        assert_eq!(out, "struct q { int c; int a; // A\n  int b; };");
        let out = rewritten(text, "q", &["b", "c", "a"], &[]).unwrap();
        assert_eq!(out, "struct q {\n  int b; int c; int a; // A\n };");
    }

    #[test]
    fn splits_with_the_file_line_endings() {
        let text = "struct r {\r\n  long a, b;\r\n  int c;\r\n};";
        let out = rewritten(text, "r", &["b", "c", "a"], &[]).unwrap();
        assert_eq!(out, "struct r {\r\n  long b;\r\n  int c;\r\n  long a;\r\n};");
    }

    #[test]
    fn refuses_to_reorder_across_preprocessor_lines() {
        let text = "struct c {\n  int a;\n#ifdef X\n  int b;\n#endif\n  int d;\n};";
        let err = rewritten(text, "c", &["d", "a", "b"], &[]).unwrap_err();
        assert!(err.contains("preprocessor"), "{err}");
        let out = rewritten(text, "c", &["a", "d"], &[("b", "dead")]).unwrap();
        assert!(out.contains("#ifdef X\n  /* removed by dtrans advise: b (dead) */\n#endif"), "{out}");
    }

    #[test]
    fn removes_side_effect_free_writes() {
        // (text, line, field, expected text)
        let cases = [
            ("void f(struct s *p) {\n    p->x = 3;\n}\n", 2, "x", "void f(struct s *p) {\n\n}\n"),
            ("s.x = y + 1;\n", 1, "x", "\n"),
            ("  p->x = (long)y;\n", 1, "x", "\n"),
            ("p->x = (long)(y) + sizeof(struct s) + sizeof y;\n", 1, "x", "\n"),
            ("a[i].x = b == c && d <= e;\n", 1, "x", "\n"),
            ("p->q->x = 0;\n", 1, "x", "\n"),
            ("(*p).x = 0;\n", 1, "x", "\n"),
            ("    p->x = 1; p->y = 2;\n", 1, "x", "    p->y = 2;\n"),
            ("    p->y = 2; p->x = 1;\n", 1, "x", "    p->y = 2;\n"),
            ("{ p->x++; }\n", 1, "x", "{ }\n"),
            ("{ ++p->x; }\n", 1, "x", "{ }\n"),
            ("{ --p -> x ; }\n", 1, "x", "{ }\n"),
            ("{ p->x += n; }\n", 1, "x", "{ }\n"),
            ("p->x <<= 2; // shift\n", 1, "x", "// shift\n"),
            ("p->x = a +\n       b;\nnext();\n", 1, "x", "\n\nnext();\n"),
            ("if (c) { p->x = 1; }\n", 1, "x", "if (c) { }\n"),
            ("case 1: p->x = 1; break;\n", 1, "x", "case 1: break;\n"),
            ("out: p->x = 1;\n", 1, "x", "out:\n"),
            ("p->x = 1; y = p->x; p->x = 2;\r\n", 1, "x", "y = p->x;\r\n"),
            ("/* ü */ p->x = \"é;\";\n", 1, "x", "/* ü */\n"),
        ];
        for (text, line, field, want) in cases {
            assert_eq!(remove_write(text, line, field).as_deref(), Ok(want), "{text:?}");
        }
    }

    #[test]
    fn refuses_other_writes() {
        // (text, line, field, words of the error)
        let cases = [
            ("p->x = f();\n", 1, "x", "function call"),
            ("p->x = (*fp)(1);\n", 1, "x", "function call"),
            ("p->x = (T)(y);\n", 1, "x", "function call"),
            ("p->x = y++;\n", 1, "x", "side effects"),
            ("p->x = y = 2;\n", 1, "x", "assignment"),
            ("get()->x = 1;\n", 1, "x", "function call"),
            ("a[i++].x = 1;\n", 1, "x", "side effects"),
            ("if (c) p->x = 1;\n", 1, "x", "without braces"),
            ("if (c)\n    p->x = 1;\n", 2, "x", "without braces"),
            ("else p->x = 1;\n", 1, "x", "without braces"),
            ("if (p->x = g) h();\n", 1, "x", "inside parentheses"),
            ("for (i = 0; p->x = 1; i++) ;\n", 1, "x", "inside parentheses"),
            ("a = p->x = 1;\n", 1, "x", "larger expression"),
            ("p->x = 1, q = 2;\n", 1, "x", "larger expression"),
            ("y = p->x++;\n", 1, "x", "larger expression"),
            ("x = p->x;\n", 1, "x", "no statement that assigns"),
            ("p->x = 1;\n", 2, "x", "no statement that assigns"),
            ("p->xy = 1;\n", 1, "x", "no statement that assigns"),
            ("// p->x = 1;\n", 1, "x", "no statement that assigns"),
            ("p->x = 1; q->x = f();\n", 1, "x", "function call"),
            ("struct s v = { .y = 1, .x = 2 };\n", 1, "x", "designated initializer"),
            ("int v = (p->x = 2);\n", 1, "x", "inside parentheses"),
        ];
        for (text, line, field, words) in cases {
            let err = remove_write(text, line, field).unwrap_err();
            assert!(err.contains(words), "{text:?}: {err}");
        }
    }
}
