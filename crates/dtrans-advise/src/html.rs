//! The HTML page of `dtrans advise --format html`: one self-contained file
//! (inline CSS and inline SVG, no scripts, nothing fetched) that draws, for
//! each structure of the advice, its layout before and after the change as
//! rows of 64-byte cache lines, so that a C programmer sees at a glance which
//! bytes are hot, which are padding and which the change removes.
use std::fmt::{self, Write};

use crate::model::{Advice, Blocker, FieldView, Record, Removed, StructAdvice, Verdict};

/// Bytes in a cache line: one row of a drawing.
const LINE: u64 = 64;
/// Pixels per byte, the same in every drawing so that widths compare.
const PX: u64 = 10;
/// Room on the left of the rows for `line N`.
const LEFT: u64 = 64;
/// Room on the right of the rows for the row's byte range.
const RIGHT: u64 = 112;
/// Room above the rows for the ruler of offsets within a line.
const TOP: u64 = 20;
/// Height of a row, and the space between two rows.
const ROW_H: u64 = 34;
const ROW_GAP: u64 = 8;
/// Height of the note standing for rows left out inside a long array.
const SKIP_H: u64 = 18;
/// Baseline of a text centred in a row (11 px font).
const TEXT_Y: u64 = 21;
/// Width of a character of the drawings' 11 px monospace font, to tell
/// whether a field's name fits inside its box.
const CHAR_W: f64 = 6.7;
/// Rows fully inside one field from which on the middle ones are left out
/// (a `char buf[4096]` would otherwise make the page very tall).
const ELIDE_FROM: u64 = 5;

/// The heat scale: cold (pale), warm (orange) and hot (deep red).
const COLD: (u8, u8, u8) = (255, 242, 207);
const WARM: (u8, u8, u8) = (253, 156, 62);
const HOT: (u8, u8, u8) = (192, 38, 18);
/// A field the program never touches.
const UNUSED: &str = "#d4d7dc";
/// The outline of a removed (dead) field.
const DEAD: &str = "#c62828";
/// The frame of a side record (parallel array).
const SIDE: &str = "#3d6fd6";

/// A self-contained page (no external scripts, styles or fonts).
pub fn html(a: &Advice, title: &str) -> String {
    let mut o = String::new();
    page(&mut o, a, title).expect("writing to a String cannot fail");
    o
}

fn page(o: &mut String, a: &Advice, title: &str) -> fmt::Result {
    let t = esc(title);
    writeln!(o, "<!DOCTYPE html>")?;
    writeln!(o, r#"<html lang="en">"#)?;
    writeln!(o, "<head>")?;
    writeln!(o, r#"<meta charset="utf-8">"#)?;
    writeln!(o, r#"<meta name="viewport" content="width=device-width, initial-scale=1">"#)?;
    writeln!(o, "<title>{t}</title>")?;
    writeln!(o, "<style>\n{CSS}</style>")?;
    writeln!(o, "</head>")?;
    writeln!(o, "<body>")?;
    writeln!(o, "<header>")?;
    writeln!(o, "<h1>{t}</h1>")?;
    writeln!(o, r#"<p class="intro">{INTRO}</p>"#)?;
    legend(o)?;
    writeln!(o, "</header>")?;
    writeln!(o, "<main>")?;
    if !a.whole_program {
        writeln!(
            o,
            r#"<p class="note">The module is not a whole program: dtrans changes no structure in it, since code it cannot see might use any of them.</p>"#
        )?;
    }
    if a.structures.is_empty() {
        writeln!(
            o,
            r#"<p class="note">No structure to advise on: dtrans changes none, and none that the program uses wastes bytes behind a safety condition.</p>"#
        )?;
    }
    let ids = section_ids(&a.structures);
    if a.structures.len() > 1 {
        contents(o, &a.structures, &ids)?;
    }
    for (s, id) in a.structures.iter().zip(&ids) {
        section(o, s, id)?;
    }
    writeln!(o, "</main>")?;
    writeln!(o, "</body>")?;
    writeln!(o, "</html>")
}

/// What the colours mean, for the header.
const INTRO: &str = "Each drawing shows one record the way the cache sees it: one row per 64-byte cache line, \
10 pixels per byte, offsets counted from the start of the record (a record smaller than a line is still drawn \
on a full line, so that widths compare). A field's colour tells how often the program touches it compared with \
the structure's most used field: pale is cold, deep orange-red is hot, grey is never touched. Hatched bytes are \
padding the compiler adds for alignment. A field outlined in red and crossed out is dead: the change removes it. \
A blue dashed record is a side record: fields moved out of the structure into a parallel array, indexed like the \
main one. The fewer lines the hot fields are spread over, the fewer lines each visit of an object fetches. \
Hover over a field for its type, offset, size and frequency.";

/// The page's style: plain, light, in the system's fonts.
const CSS: &str = r#"* { box-sizing: border-box; }
body {
  margin: 0;
  background: #f5f6f8;
  color: #1f2430;
  font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
}
header, main { max-width: 980px; margin: 0 auto; padding: 0 24px; }
header { padding-top: 20px; }
main { padding-bottom: 40px; }
h1 { font-size: 1.7rem; margin: 0 0 0.4em; }
h2 { font-size: 1.3rem; margin: 0.3em 0 0.5em; }
h3 { font-size: 1.02rem; margin: 1.3em 0 0.3em; }
code, pre { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 0.9em; }
pre {
  background: #f3f4f6;
  border: 1px solid #e0e3e8;
  border-radius: 4px;
  padding: 10px 12px;
  margin: 0.3em 0;
  overflow: auto;
}
pre code { font-size: 1em; }
ul { margin: 0.3em 0; padding-left: 1.4em; }
a { color: #2457b8; }
.intro { max-width: 72em; }
.note { color: #5b6472; }
.where { font-weight: normal; color: #5b6472; font-size: 0.8em; margin-left: 0.6em; }
section.structure {
  background: #fff;
  border: 1px solid #dde1e6;
  border-radius: 8px;
  padding: 12px 24px 20px;
  margin: 24px 0;
}
.badge { display: inline-block; padding: 1px 10px; border-radius: 12px; font-weight: 600; font-size: 0.9em; }
.badge.change { background: #e2f3e5; color: #1b6b2f; }
.badge.blocked { background: #fdefd9; color: #8a4a00; }
.facts { list-style: none; padding-left: 0; }
figure { margin: 16px 0; }
figcaption { font-weight: 600; margin-bottom: 4px; }
svg.layout, svg.legend { display: block; max-width: 100%; height: auto; }
svg text { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace; font-size: 11px; fill: #1f2430; }
svg text.hot { fill: #ffffff; }
svg text.muted { fill: #5b6472; }
svg .name, svg .mark { pointer-events: none; }
rect.field:hover, rect.padding:hover { stroke: #111; stroke-width: 1.5; }
.c { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
.c figure { margin: 0; min-width: 0; }
@media (max-width: 760px) { .c { grid-template-columns: 1fr; } }
"#;

/// The legend, which also holds the gradient and patterns the drawings use
/// (one definition for the whole page: ids are shared by the document).
fn legend(o: &mut String) -> fmt::Result {
    let w = LEFT + LINE * PX + RIGHT;
    writeln!(o, r#"<svg class="legend" width="{w}" height="62" viewBox="0 0 {w} 62" role="img" aria-label="legend">"#)?;
    writeln!(o, "<defs>")?;
    writeln!(o, r#"<linearGradient id="dtr-heat" x1="0" y1="0" x2="1" y2="0">"#)?;
    for (at, t) in [("0", 0.0), ("0.5", 0.5), ("1", 1.0)] {
        writeln!(o, r#"<stop offset="{at}" stop-color="{}"/>"#, heat_at(t))?;
    }
    writeln!(o, "</linearGradient>")?;
    // Padding: grey diagonal stripes.
    writeln!(
        o,
        r##"<pattern id="dtr-pad" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="6" height="6" fill="#f1f2f4"/><rect width="2" height="6" fill="#b3b8c0"/></pattern>"##
    )?;
    // Dead: a red cross-hatch laid over the field's own colour.
    writeln!(
        o,
        r##"<pattern id="dtr-dead" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><path d="M0 0H8M0 0V8" stroke="{DEAD}" stroke-width="1.5" stroke-opacity="0.75"/></pattern>"##
    )?;
    writeln!(o, "</defs>")?;
    // First row: the heat scale, the untouched grey, padding.
    writeln!(o, r#"<text x="0" y="18">access frequency:</text>"#)?;
    writeln!(o, r#"<text class="muted" x="130" y="18">cold</text>"#)?;
    writeln!(o, r##"<rect x="166" y="5" width="160" height="18" fill="url(#dtr-heat)" stroke="#9aa1ab"/>"##)?;
    writeln!(o, r#"<text class="muted" x="334" y="18">hot</text>"#)?;
    writeln!(o, r##"<rect x="390" y="5" width="28" height="18" fill="{UNUSED}" stroke="#9aa1ab"/>"##)?;
    writeln!(o, r#"<text x="426" y="18">never touched</text>"#)?;
    writeln!(o, r##"<rect x="560" y="5" width="28" height="18" fill="url(#dtr-pad)" stroke="#9aa1ab"/>"##)?;
    writeln!(o, r#"<text x="596" y="18">padding</text>"#)?;
    // Second row: a removed field, a side record.
    writeln!(
        o,
        r##"<rect x="1" y="37" width="28" height="18" fill="{}" stroke="{DEAD}" stroke-width="2"/>"##,
        heat_at(0.3)
    )?;
    writeln!(o, r##"<rect x="1" y="37" width="28" height="18" fill="url(#dtr-dead)"/>"##)?;
    writeln!(o, r#"<text x="38" y="50">removed (dead) field</text>"#)?;
    writeln!(
        o,
        r##"<rect x="230" y="37" width="28" height="18" fill="#eef4ff" stroke="{SIDE}" stroke-dasharray="5 3"/>"##
    )?;
    writeln!(o, r#"<text x="266" y="50">side record (parallel array)</text>"#)?;
    writeln!(o, "</svg>")
}

/// A list of links to the sections, when there are several.
fn contents(o: &mut String, ss: &[StructAdvice], ids: &[String]) -> fmt::Result {
    writeln!(o, "<nav><ul>")?;
    for (s, id) in ss.iter().zip(ids) {
        let what = match s.verdict {
            Verdict::Change => "dtrans changes it",
            Verdict::Blocked => "worth changing, but blocked",
        };
        writeln!(o, r##"<li><a href="#{id}"><code>{}</code></a>: {what}</li>"##, esc(&s.c_name))?;
    }
    writeln!(o, "</ul></nav>")
}

/// One section per structure: what is advised, the drawings, the details.
fn section(o: &mut String, s: &StructAdvice, id: &str) -> fmt::Result {
    writeln!(o, r#"<section class="structure" id="{id}">"#)?;
    write!(o, "<h2><code>{}</code>", esc(&s.c_name))?;
    if let Some(at) = &s.defined_at {
        write!(o, r#"<span class="where">defined at {}</span>"#, esc(at))?;
    }
    writeln!(o, "</h2>")?;
    verdict(o, s)?;
    facts(o, s)?;
    pictures(o, s)?;
    blockers(o, &s.blockers)?;
    removed(o, s)?;
    c_code(o, s)?;
    if let Some(why) = &s.not_applied {
        writeln!(o, r#"<p class="note"><code>--apply</code> leaves it alone: {}</p>"#, esc(why))?;
    }
    writeln!(o, "</section>")
}

fn verdict(o: &mut String, s: &StructAdvice) -> fmt::Result {
    match s.verdict {
        Verdict::Change => {
            writeln!(o, r#"<p class="verdict"><span class="badge change">dtrans changes it</span></p>"#)?;
            if !s.passes.is_empty() {
                writeln!(o, r#"<ul class="passes">"#)?;
                for p in &s.passes {
                    writeln!(o, "<li>{}</li>", esc(p))?;
                }
                writeln!(o, "</ul>")?;
            }
        }
        Verdict::Blocked => {
            write!(o, r#"<p class="verdict"><span class="badge blocked">worth changing, but blocked</span>"#)?;
            let mut why = Vec::new();
            if s.padding_saving > 0 {
                why.push(format!("a reorder would save {} bytes of padding", s.padding_saving));
            }
            if !s.removed.is_empty() {
                let names: Vec<String> = s.removed.iter().map(|r| format!("<code>{}</code>", esc(&r.name))).collect();
                why.push(format!("removable fields: {}", names.join(", ")));
            }
            if !why.is_empty() {
                write!(o, " {}", why.join("; "))?;
            }
            writeln!(o, "</p>")?;
        }
    }
    Ok(())
}

/// Sizes before and after, the predicted traffic, the hottest region.
fn facts(o: &mut String, s: &StructAdvice) -> fmt::Result {
    writeln!(o, r#"<ul class="facts">"#)?;
    let after = match s.verdict {
        Verdict::Change => {
            let mut t = match s.new_size {
                Some(n) => format!("{n} bytes after (main record)"),
                None => "after: see below".to_string(),
            };
            for r in s.after.iter().filter(|r| r.group.is_some()) {
                let g = esc(r.group.as_deref().unwrap_or_default());
                t.push_str(&format!(", plus {} bytes per element in the parallel array <code>{g}</code>", r.size));
            }
            t
        }
        Verdict::Blocked if s.padding_saving > 0 => {
            format!("{} bytes with the padding removed", s.size.saturating_sub(s.padding_saving))
        }
        Verdict::Blocked => "unchanged".to_string(),
    };
    writeln!(o, "<li>size: {} bytes before; {after}</li>", s.size)?;
    if let Some(p) = s.predicted {
        writeln!(o, "<li>predicted memory traffic: {p:.2} of now</li>")?;
    }
    if let Some(h) = &s.hottest {
        writeln!(o, "<li>hottest: {}</li>", esc(h))?;
    }
    writeln!(o, "</ul>")
}

/// The drawings: the record as it is, and for a change each record after.
fn pictures(o: &mut String, s: &StructAdvice) -> fmt::Result {
    // One heat scale for the whole structure, so before and after compare.
    let max = s.before.iter().chain(s.after.iter().flat_map(|r| &r.fields)).map(|f| f.frequency).max().unwrap_or(0);
    let dead = dead_fields(s);
    let lines = extent(&s.before, s.size).div_ceil(LINE).max(1);
    writeln!(
        o,
        "<figure><figcaption>Before: {} bytes, {lines} cache line{}</figcaption>",
        s.size,
        if lines == 1 { "" } else { "s" }
    )?;
    let before = Pic { picture: "before", group: None, size: s.size, fields: &s.before, dead: &dead, max };
    draw(o, &before)?;
    writeln!(o, "</figure>")?;
    if !matches!(s.verdict, Verdict::Change) {
        return Ok(());
    }
    for r in &s.after {
        match &r.group {
            None => writeln!(o, "<figure><figcaption>After: main record, {} bytes</figcaption>", r.size)?,
            Some(g) => writeln!(
                o,
                "<figure><figcaption>After: side record <code>{}</code>, parallel array, {} bytes per element</figcaption>",
                esc(g),
                r.size
            )?,
        }
        draw(o, &after_pic(r, max))?;
        writeln!(o, "</figure>")?;
    }
    Ok(())
}

fn after_pic(r: &Record, max: u64) -> Pic<'_> {
    Pic { picture: "after", group: r.group.as_deref(), size: r.size, fields: &r.fields, dead: &[], max }
}

/// The fields drawn dead in the before picture, with why: those a change
/// removes; for a blocked structure those never read.
fn dead_fields(s: &StructAdvice) -> Vec<(String, String)> {
    let why = |name: &str| s.removed.iter().find(|r| r.name == name).map(|r| r.why.clone());
    match s.verdict {
        Verdict::Change => s.removed.iter().map(|r| (r.name.clone(), r.why.clone())).collect(),
        Verdict::Blocked => s
            .before
            .iter()
            .filter(|f| !f.read)
            .map(|f| (f.name.clone(), why(&f.name).unwrap_or_else(|| "never read".to_string())))
            .collect(),
    }
}

/// The removed fields, with why and where the program writes them.
fn removed(o: &mut String, s: &StructAdvice) -> fmt::Result {
    if s.removed.is_empty() {
        return Ok(());
    }
    let head = match s.verdict {
        Verdict::Change => "Fields removed",
        Verdict::Blocked => "Fields that could be removed",
    };
    writeln!(o, "<h3>{head}</h3>")?;
    writeln!(o, r#"<ul class="removed">"#)?;
    for r in &s.removed {
        writeln!(o, "<li>{}</li>", removed_item(r))?;
    }
    writeln!(o, "</ul>")
}

fn removed_item(r: &Removed) -> String {
    let writes = if r.writes.is_empty() {
        "no writes found".to_string()
    } else {
        let w: Vec<String> = r.writes.iter().map(|w| format!("<code>{}</code>", esc(w))).collect();
        format!("written at {}", w.join(", "))
    };
    format!("<code>{}</code>: {}; {writes}", esc(&r.name), esc(&r.why))
}

/// The safety conditions in the way, each with the places that set it.
fn blockers(o: &mut String, bs: &[Blocker]) -> fmt::Result {
    if bs.is_empty() {
        return Ok(());
    }
    writeln!(o, "<h3>What blocks it</h3>")?;
    writeln!(o, r#"<ul class="blockers">"#)?;
    for b in bs {
        write!(o, "<li><strong>{}</strong>", esc(&b.condition))?;
        if !b.words.is_empty() {
            write!(o, ": {}", esc(&b.words))?;
        }
        // The sites are the first few; say how many there are in all.
        if b.count > b.sites.len() {
            write!(o, " ({} places, the first {} shown)", b.count, b.sites.len())?;
        }
        if !b.sites.is_empty() {
            write!(o, "<ul>")?;
            for site in &b.sites {
                write!(o, "<li><code>{}</code></li>", esc(site))?;
            }
            write!(o, "</ul>")?;
        }
        writeln!(o, "</li>")?;
    }
    writeln!(o, "</ul>")
}

/// The definition as written and as suggested, side by side.
fn c_code(o: &mut String, s: &StructAdvice) -> fmt::Result {
    if s.c_before.is_none() && s.c_after.is_none() {
        return Ok(());
    }
    writeln!(o, "<h3>In C</h3>")?;
    writeln!(o, r#"<div class="c">"#)?;
    for (label, text) in [("As written", &s.c_before), ("Suggested", &s.c_after)] {
        if let Some(t) = text {
            writeln!(o, "<figure><figcaption>{label}</figcaption><pre><code>{}</code></pre></figure>", esc(t))?;
        }
    }
    writeln!(o, "</div>")
}

/// One record to draw.
struct Pic<'a> {
    /// `before` or `after`.
    picture: &'a str,
    /// The side group, `None` for the main record.
    group: Option<&'a str>,
    size: u64,
    fields: &'a [FieldView],
    /// Fields drawn dead, with why.
    dead: &'a [(String, String)],
    /// The structure's largest frequency, the hot end of the scale.
    max: u64,
}

/// What a drawing is made of, top to bottom.
#[derive(Debug, PartialEq)]
enum Step {
    /// Cache line N of the record.
    Row(u64),
    /// Lines `from..=to` left out: they lie inside field `field`.
    Skip { from: u64, to: u64, field: usize },
}

/// A record as rows of cache lines, in SVG.
fn draw(o: &mut String, p: &Pic) -> fmt::Result {
    let rows = extent(p.fields, p.size).div_ceil(LINE).max(1);
    let steps = steps(p.fields, rows);
    let height =
        TOP + steps.iter().map(|s| if matches!(s, Step::Row(_)) { ROW_H + ROW_GAP } else { SKIP_H }).sum::<u64>() + 4;
    let width = LEFT + LINE * PX + RIGHT;
    let record = esc(p.group.unwrap_or("main"));
    let label = match p.group {
        None => format!("{} layout: main record, {} bytes", p.picture, p.size),
        Some(g) => format!("{} layout: parallel array {}, {} bytes per element", p.picture, esc(g), p.size),
    };
    writeln!(
        o,
        r#"<svg class="layout" data-picture="{}" data-record="{record}" width="{width}" height="{height}" viewBox="0 0 {width} {height}" role="img" aria-label="{label}">"#,
        p.picture
    )?;
    // The ruler: offsets within a line, every 8 bytes.
    for k in 0..=LINE / 8 {
        writeln!(o, r#"<text class="muted" x="{}" y="12" text-anchor="middle">{}</text>"#, LEFT + k * 8 * PX, k * 8)?;
    }
    let mut y = TOP;
    for s in &steps {
        match *s {
            Step::Row(r) => {
                row(o, p, r, y)?;
                y += ROW_H + ROW_GAP;
            }
            Step::Skip { from, to, field } => {
                let name = esc(&p.fields[field].name);
                writeln!(
                    o,
                    r#"<text class="muted" x="{}" y="{}" text-anchor="middle">⋮ lines {from}–{to} (bytes {}–{}): inside {name}</text>"#,
                    LEFT + LINE * PX / 2,
                    y + 4,
                    from * LINE,
                    (to + 1) * LINE - 1
                )?;
                y += SKIP_H;
            }
        }
    }
    writeln!(o, "</svg>")
}

/// One cache line: its frame, labels, the fields and padding on it.
fn row(o: &mut String, p: &Pic, r: u64, y: u64) -> fmt::Result {
    let start = r * LINE;
    let stop = start + LINE;
    writeln!(o, r#"<g class="line" data-line="{r}" transform="translate(0 {y})">"#)?;
    writeln!(o, r#"<text class="muted" x="{}" y="{TEXT_Y}" text-anchor="end">line {r}</text>"#, LEFT - 8)?;
    // The line's frame: a side record is framed in dashed blue.
    let frame = if p.group.is_some() {
        format!(r##"fill="#eef4ff" stroke="{SIDE}" stroke-dasharray="5 3""##)
    } else {
        r##"fill="#fafbfc" stroke="#c9ced6""##.to_string()
    };
    writeln!(o, r#"<rect class="line-frame" x="{LEFT}" y="0" width="{}" height="{ROW_H}" {frame}/>"#, LINE * PX)?;
    for (a, b) in gaps(p.fields, p.size) {
        let (a, b) = (a.max(start), b.min(stop));
        if a < b {
            writeln!(
                o,
                r##"<rect class="padding" x="{}" y="0" width="{}" height="{ROW_H}" fill="url(#dtr-pad)" stroke="#c9ced6"><title>padding</title></rect>"##,
                x_of(a - start),
                (b - a) * PX
            )?;
        }
    }
    let rows = extent(p.fields, p.size).div_ceil(LINE).max(1);
    for f in p.fields {
        field_piece(o, p, f, r, rows)?;
    }
    // Ticks every 8 bytes at the top and bottom edges, to read offsets.
    let mut ticks = String::new();
    for k in 1..LINE / 8 {
        let x = x_of(k * 8);
        ticks.push_str(&format!("M{x} 0v4M{x} {ROW_H}v-4"));
    }
    writeln!(o, r##"<path class="mark" d="{ticks}" stroke="#8a919c" stroke-width="1"/>"##)?;
    // Where the record ends, when it ends inside this line.
    if !p.size.is_multiple_of(LINE) && p.size / LINE == r {
        let x = x_of(p.size % LINE);
        writeln!(o, r##"<path class="mark" d="M{x} -3V{}" stroke="#1f2430" stroke-width="2"/>"##, ROW_H + 3)?;
    }
    let end = extent(p.fields, p.size);
    let range = if end > start { format!("bytes {start}–{}", end.min(stop) - 1) } else { "empty".to_string() };
    writeln!(o, r#"<text class="muted" x="{}" y="{TEXT_Y}">{range}</text>"#, LEFT + LINE * PX + 10)?;
    writeln!(o, "</g>")
}

/// The part of field `f` on line `r`, if any: a box in its heat colour with
/// its tooltip, its name when it fits, the dead style when it is removed.
fn field_piece(o: &mut String, p: &Pic, f: &FieldView, r: u64, rows: u64) -> fmt::Result {
    let start = r * LINE;
    let dead = p.dead.iter().find(|(n, _)| *n == f.name).map(|(_, why)| why.as_str());
    let mut tip =
        format!("{}: {}, offset {}, size {} bytes, frequency {}", f.name, f.ty, f.offset, f.size, f.frequency);
    if let Some(why) = dead {
        tip.push_str(&format!("; removed: {why}"));
    }
    let tip = esc(&tip);
    let name = esc(&f.name);
    if f.size == 0 {
        // A zero-sized field (a flexible array member): a thin mark where it
        // starts, so that it still shows and has its tooltip.
        let row = (f.offset / LINE).min(rows - 1);
        if row != r {
            return Ok(());
        }
        let x = x_of((f.offset - start).min(LINE)).saturating_sub(1);
        return writeln!(
            o,
            r##"<rect class="field" data-field="{name}" x="{x}" y="0" width="2" height="{ROW_H}" fill="#5b6472"><title>{tip}</title></rect>"##
        );
    }
    let (a, b) = (f.offset.max(start), end_of(f).min(start + LINE));
    if a >= b {
        return Ok(());
    }
    let (x, w) = (x_of(a - start), (b - a) * PX);
    let share = share(f.frequency, p.max);
    let fill = share.map_or(UNUSED.to_string(), heat_at);
    if dead.is_some() {
        // Inset by a pixel so that the 2 px red outline is not cut.
        writeln!(
            o,
            r#"<rect class="field" data-field="{name}" data-removed="true" x="{}" y="1" width="{}" height="{}" fill="{fill}" stroke="{DEAD}" stroke-width="2"><title>{tip}</title></rect>"#,
            x + 1,
            w.saturating_sub(2),
            ROW_H - 2
        )?;
        writeln!(
            o,
            r#"<rect class="mark" x="{}" y="1" width="{}" height="{}" fill="url(#dtr-dead)"/>"#,
            x + 1,
            w.saturating_sub(2),
            ROW_H - 2
        )?;
    } else {
        writeln!(
            o,
            r##"<rect class="field" data-field="{name}" x="{x}" y="0" width="{w}" height="{ROW_H}" fill="{fill}" stroke="#ffffff"><title>{tip}</title></rect>"##
        )?;
    }
    // The name, on the widest piece of the field, when it fits.
    let fits = f.name.chars().count() as f64 * CHAR_W + 6.0 <= w as f64;
    if fits && label_row(f.offset, end_of(f)) == r {
        let class = if share.is_some_and(|t| t > 0.6) { "name hot" } else { "name" };
        writeln!(o, r#"<text class="{class}" x="{}" y="{TEXT_Y}" text-anchor="middle">{name}</text>"#, x + w / 2)?;
    }
    Ok(())
}

/// The x of a byte offset within a line.
fn x_of(off: u64) -> u64 {
    LEFT + off * PX
}

fn end_of(f: &FieldView) -> u64 {
    f.offset.saturating_add(f.size)
}

/// How far a record's drawing reaches: its size, or further when a field
/// lies past it (which a consistent layout never has).
fn extent(fields: &[FieldView], size: u64) -> u64 {
    fields.iter().map(end_of).max().unwrap_or(0).max(size)
}

/// The rows to draw: every line, except that within a long run of lines
/// all inside one field only the first and the last are drawn.
fn steps(fields: &[FieldView], rows: u64) -> Vec<Step> {
    let mut out = Vec::new();
    let mut r = 0;
    while r < rows {
        let start = r * LINE;
        let fill = fields.iter().position(|f| f.offset <= start && end_of(f) >= start + LINE);
        if let Some(i) = fill {
            // Lines r..stop all lie inside field i.
            let stop = (end_of(&fields[i]) / LINE).min(rows);
            if stop - r >= ELIDE_FROM {
                out.push(Step::Row(r));
                out.push(Step::Skip { from: r + 1, to: stop - 2, field: i });
                out.push(Step::Row(stop - 1));
                r = stop;
                continue;
            }
        }
        out.push(Step::Row(r));
        r += 1;
    }
    out
}

/// The line holding the widest piece of the byte range `start..end` (the
/// first of equal ones): where the field's name goes.
fn label_row(start: u64, end: u64) -> u64 {
    let full = start.div_ceil(LINE);
    if (full + 1) * LINE <= end {
        return full;
    }
    let first = start / LINE;
    let first_w = end.min((first + 1) * LINE) - start;
    let last_w = end - end.min((first + 1) * LINE);
    if last_w > first_w {
        first + 1
    } else {
        first
    }
}

/// The byte ranges inside `size` that no field covers: padding.
fn gaps(fields: &[FieldView], size: u64) -> Vec<(u64, u64)> {
    let mut spans: Vec<(u64, u64)> = fields.iter().filter(|f| f.size > 0).map(|f| (f.offset, end_of(f))).collect();
    spans.sort_unstable();
    let mut out = Vec::new();
    let mut at = 0;
    for (a, b) in spans {
        if a > at && at < size {
            out.push((at, a.min(size)));
        }
        at = at.max(b);
    }
    if at < size {
        out.push((at, size));
    }
    out
}

/// A frequency as a share of the hottest, `None` when never touched.
fn share(freq: u64, max: u64) -> Option<f64> {
    if freq == 0 || max == 0 {
        None
    } else {
        Some((freq as f64 / max as f64).min(1.0))
    }
}

/// The heat colour at `t` in 0..=1: pale, through orange, to deep red.
fn heat_at(t: f64) -> String {
    let t = t.clamp(0.0, 1.0);
    let (a, b, u) = if t < 0.5 { (COLD, WARM, t * 2.0) } else { (WARM, HOT, (t - 0.5) * 2.0) };
    let mix = |x: u8, y: u8| (f64::from(x) + (f64::from(y) - f64::from(x)) * u).round() as u8;
    format!("#{:02x}{:02x}{:02x}", mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// A section id per structure, from its name: letters, digits, `-` and `_`
/// kept, anything else made `-`; made unique with a suffix.
fn section_ids(ss: &[StructAdvice]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for s in ss {
        let mut id: String =
            s.name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '-' }).collect();
        if id.is_empty() {
            id.push_str("structure");
        }
        let base = id.clone();
        let mut n = 2;
        while out.contains(&id) {
            id = format!("{base}-{n}");
            n += 1;
        }
        out.push(id);
    }
    out
}

/// Text made safe inside HTML and SVG, in content and in quoted attributes.
fn esc(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fv(name: &str, ty: &str, offset: u64, size: u64, frequency: u64, read: bool) -> FieldView {
        FieldView { name: name.into(), ty: ty.into(), offset, size, frequency, read, written: true }
    }

    /// A change (main record and a side group, a removed field, a field
    /// across a line boundary) and a blocked structure with a blocker site.
    fn advice() -> Advice {
        let node = StructAdvice {
            name: "struct.node".into(),
            c_name: "struct node".into(),
            defined_at: Some("node.c:3".into()),
            verdict: Verdict::Change,
            size: 88,
            new_size: Some(16),
            passes: vec!["delete-field: junk never read".into(), "split-struct: label to cold".into()],
            before: vec![
                fv("id", "i32", 0, 4, 100, true),
                fv("label", "[60 x i8]", 8, 60, 5, true),
                fv("next", "ptr", 72, 8, 100, true),
                fv("junk", "i64", 80, 8, 0, false),
            ],
            after: vec![
                Record {
                    group: None,
                    size: 16,
                    fields: vec![fv("next", "ptr", 0, 8, 100, true), fv("id", "i32", 8, 4, 100, true)],
                },
                Record { group: Some("cold".into()), size: 60, fields: vec![fv("label", "[60 x i8]", 0, 60, 5, true)] },
            ],
            removed: vec![Removed { name: "junk".into(), why: "never read".into(), writes: vec!["node.c:40".into()] }],
            predicted: Some(0.52),
            hottest: Some("id and next".into()),
            blockers: Vec::new(),
            padding_saving: 0,
            c_after: Some("struct node {\n  struct node *next;\n  int id;\n};".into()),
            c_before: Some(
                "struct node {\n  int id;\n  char label[60];\n  struct node *next;\n  long junk;\n};".into(),
            ),
            not_applied: None,
        };
        let blk = StructAdvice {
            name: "struct.blk".into(),
            c_name: "struct blk".into(),
            defined_at: None,
            verdict: Verdict::Blocked,
            size: 24,
            new_size: None,
            passes: Vec::new(),
            before: vec![
                fv("flag", "i8", 0, 1, 3, true),
                fv("count", "i64", 8, 8, 7, true),
                fv("odd<&\"name", "i8", 16, 1, 2, false),
            ],
            after: Vec::new(),
            removed: vec![Removed { name: "odd<&\"name".into(), why: "never read".into(), writes: Vec::new() }],
            predicted: None,
            hottest: None,
            blockers: vec![Blocker {
                condition: "AddressTaken".into(),
                words: "its address reaches code the analysis cannot see".into(),
                sites: vec!["main (blk.c:12): passed to qsort".into()],
                count: 3,
            }],
            padding_saving: 8,
            c_after: None,
            c_before: None,
            not_applied: Some("blocked: dtrans cannot prove the change safe".into()),
        };
        Advice { whole_program: true, structures: vec![node, blk] }
    }

    /// The SVG of one record of one picture in one section.
    fn svg<'a>(page: &'a str, section: &str, picture: &str, record: &str) -> &'a str {
        let at = page.find(&format!(r#"<section class="structure" id="{section}">"#)).expect("section");
        let sec = &page[at..];
        let sec = &sec[..sec.find("</section>").expect("section end")];
        let key = format!(r#"data-picture="{picture}" data-record="{record}""#);
        let at = sec.find(&key).unwrap_or_else(|| panic!("no {key} in {section}"));
        let rest = &sec[at..];
        &rest[..rest.find("</svg>").expect("svg end")]
    }

    #[test]
    fn page_shows_every_structure_and_field() {
        let page = html(&advice(), "advice for <prog>");
        assert!(page.starts_with("<!DOCTYPE html>"));
        assert!(page.contains("<title>advice for &lt;prog&gt;</title>"));
        assert!(page.contains("struct node"));
        assert!(page.contains("struct blk"));
        assert!(page.contains(r#"<section class="structure" id="struct-node">"#));
        assert!(page.contains(r#"<section class="structure" id="struct-blk">"#));
        for name in ["id", "label", "next", "junk", "flag", "count"] {
            assert!(page.contains(&format!(r#"class="field" data-field="{name}""#)), "{name}");
        }
        assert!(page.contains("dtrans changes it"));
        assert!(page.contains("delete-field: junk never read"));
        assert!(page.contains("worth changing, but blocked"));
        assert!(page.contains("a reorder would save 8 bytes of padding"));
        assert!(page.contains("predicted memory traffic: 0.52 of now"));
        assert!(page.contains("hottest: id and next"));
        assert!(page.contains("node.c:3"));
        assert!(page.contains("<code>node.c:40</code>"));
        assert!(page.contains("<pre><code>struct node {\n  struct node *next;"));
        assert!(page.contains("blocked: dtrans cannot prove the change safe"));
        // The tooltip of a field.
        assert!(page.contains("<title>next: ptr, offset 72, size 8 bytes, frequency 100</title>"));
    }

    #[test]
    fn records_are_drawn_as_cache_lines() {
        let page = html(&advice(), "t");
        let before = svg(&page, "struct-node", "before", "main");
        // 88 bytes: two lines; `label` (8..68) is cut in two pieces.
        assert!(before.contains(r#"data-line="0""#));
        assert!(before.contains(r#"data-line="1""#));
        assert!(!before.contains(r#"data-line="2""#));
        assert_eq!(before.matches(r#"data-field="label""#).count(), 2);
        // Padding at 4..8 and 68..72, on a 10 px per byte scale.
        assert!(before.contains(r#"<rect class="padding" x="104" y="0" width="40""#));
        assert!(
            before.contains(r##"width="40" height="34" fill="url(#dtr-pad)" stroke="#c9ced6"><title>padding</title>"##)
        );
        assert_eq!(before.matches(r#"class="padding""#).count(), 2);
        // The removed field has the dead style before.
        assert!(before.contains(r#"data-field="junk" data-removed="true""#));
        let main = svg(&page, "struct-node", "after", "main");
        assert!(main.contains(r#"data-field="next""#) && main.contains(r#"data-field="id""#));
        assert!(!main.contains(r#"data-field="junk""#));
        assert!(!main.contains("data-removed"));
        assert_eq!(main.matches(r#"class="padding""#).count(), 1, "12..16");
        assert!(!main.contains(r#"data-line="1""#));
        // The side group: its own record, no padding.
        let cold = svg(&page, "struct-node", "after", "cold");
        assert!(cold.contains(r#"data-field="label""#));
        assert!(!cold.contains(r#"class="padding""#));
        assert!(page.contains("parallel array"));
        // The blocked structure: before only, its unread field dead.
        let blk = svg(&page, "struct-blk", "before", "main");
        assert_eq!(blk.matches(r#"class="padding""#).count(), 2);
        assert!(blk.contains(r#"data-field="odd&lt;&amp;&quot;name" data-removed="true""#));
        assert!(!page[page.find(r#"id="struct-blk""#).unwrap()..].contains(r#"data-picture="after""#));
    }

    #[test]
    fn blockers_are_listed_with_their_sites() {
        let page = html(&advice(), "t");
        assert!(page.contains("<strong>AddressTaken</strong>: its address reaches code the analysis cannot see"));
        assert!(page.contains("<li><code>main (blk.c:12): passed to qsort</code></li>"));
        assert!(page.contains("(3 places, the first 1 shown)"));
    }

    #[test]
    fn page_is_self_contained() {
        let page = html(&advice(), "t");
        for bad in ["http://", "https://", "<script", "<link", "@import", "url(http", "src="] {
            assert!(!page.contains(bad), "{bad}");
        }
        // The patterns the drawings use are defined in the page.
        assert!(page.contains(r#"<pattern id="dtr-pad""#));
        assert!(page.contains(r#"<pattern id="dtr-dead""#));
        assert!(page.contains(r#"<linearGradient id="dtr-heat""#));
    }

    #[test]
    fn names_are_escaped() {
        let mut a = advice();
        a.structures[1].c_name = "struct <&\"x'>".into();
        a.structures[1].blockers[0].sites = vec!["f (<a>.c:1): \"&\"".into()];
        let page = html(&a, "t");
        assert!(page.contains("struct &lt;&amp;&quot;x&#39;&gt;"));
        assert!(!page.contains("struct <&"));
        assert!(page.contains("odd&lt;&amp;&quot;name"));
        assert!(!page.contains("odd<&"));
        assert!(page.contains("f (&lt;a&gt;.c:1): &quot;&amp;&quot;"));
    }

    #[test]
    fn an_empty_advice_still_makes_a_page() {
        let page = html(&Advice { whole_program: false, structures: Vec::new() }, "none");
        assert!(page.contains("No structure to advise on"));
        assert!(page.contains("not a whole program"));
        assert!(page.ends_with("</html>\n"));
        assert!(!page.contains("<section"));
    }

    #[test]
    fn long_arrays_are_elided_but_shown() {
        let fields = vec![fv("len", "i64", 0, 8, 1, true), fv("buf", "[4096 x i8]", 8, 4096, 1, true)];
        let s = steps(&fields, (8u64 + 4096).div_ceil(LINE));
        // Lines 1..=63 lie inside `buf`: line 1 and 63 drawn, 2..=62 left out.
        assert_eq!(s[..4], [Step::Row(0), Step::Row(1), Step::Skip { from: 2, to: 62, field: 1 }, Step::Row(63)]);
        assert_eq!(s[4..], [Step::Row(64)]);
        // Short runs are all drawn.
        let small = vec![fv("buf", "[256 x i8]", 0, 256, 1, true)];
        assert_eq!(steps(&small, 4), (0..4).map(Step::Row).collect::<Vec<_>>());
    }

    #[test]
    fn geometry_helpers() {
        let fields = vec![fv("a", "i8", 0, 1, 0, true), fv("b", "i64", 8, 8, 0, true), fv("c", "i8", 16, 1, 0, true)];
        assert_eq!(gaps(&fields, 24), [(1, 8), (17, 24)]);
        assert_eq!(gaps(&fields[1..2], 16), [(0, 8)]);
        assert!(gaps(&[fv("x", "i64", 0, 8, 0, true)], 8).is_empty());
        assert_eq!(label_row(0, 8), 0);
        assert_eq!(label_row(60, 68), 0, "equal pieces: the first");
        assert_eq!(label_row(62, 100), 1);
        assert_eq!(label_row(8, 200), 1, "a full line");
        assert_eq!(heat_at(0.0), "#fff2cf");
        assert_eq!(heat_at(1.0), "#c02612");
        assert_eq!(share(0, 10), None);
        assert_eq!(share(5, 10), Some(0.5));
        assert_eq!(share(3, 0), None);
    }

    #[test]
    fn section_ids_are_sanitized_and_unique() {
        let mut a = advice();
        a.structures[1].name = "struct.node".into();
        a.structures.push(StructAdvice { name: "<\"x y\">".into(), ..a.structures[1].clone() });
        assert_eq!(section_ids(&a.structures), ["struct-node", "struct-node-2", "--x-y--"]);
    }
}
