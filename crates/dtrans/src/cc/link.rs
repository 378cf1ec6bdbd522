//! What the link step finds in its inputs: bitcode objects made by `dtrans
//! cc -c` (recognized by their marker), archives of them (with a symbol
//! index the linker can use), native objects and libraries, and what is
//! wrong with any other bitcode.
//!
//! The marker: `dtrans cc -c` adds the named metadata `!dtrans.object =
//! !{!{!"dtrans-cc-object(-O2;g)"}}` to every object it writes (the `-O`
//! level as given and whether the user asked for `-g`). Metadata strings
//! are stored as plain bytes in bitcode, so the link step finds the marker
//! by reading the file, without LLVM. Bitcode without it was made some
//! other way: by clang with LLVM's passes (`clang-19 -flto -c`: optimized
//! per file, the typed accesses the passes need are gone), as ThinLTO, or
//! by another LLVM; the link step refuses it with what to do.
use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use anyhow::{anyhow, Result};

use super::flags::{LinkItem, Plan};

/// The named metadata holding the marker.
pub(super) const MARKER_MD: &str = "dtrans.object";
const MARKER_START: &[u8] = b"dtrans-cc-object(";

/// What `dtrans cc -c` recorded in an object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Marker {
    /// The `-O` flag as given (`-O2`; empty if none).
    pub(super) level: String,
    /// The user asked for `-g`.
    pub(super) debug: bool,
}

impl Marker {
    pub(super) fn text(&self) -> String {
        format!("dtrans-cc-object({};{})", self.level, if self.debug { "g" } else { "" })
    }
}

/// The first marker in `bytes` (a bitcode file).
fn find_marker(bytes: &[u8]) -> Option<Marker> {
    let at = bytes.windows(MARKER_START.len()).position(|w| w == MARKER_START)?;
    let rest = &bytes[at + MARKER_START.len()..];
    let end = rest.iter().take(32).position(|&b| b == b')')?;
    let inner = std::str::from_utf8(&rest[..end]).ok()?;
    let (level, g) = inner.split_once(';')?;
    let level_ok = level.is_empty() || super::flags::is_level(level);
    (level_ok && (g.is_empty() || g == "g")).then(|| Marker { level: level.to_string(), debug: g == "g" })
}

/// LLVM bitcode, raw or in its wrapper.
fn is_bitcode(bytes: &[u8]) -> bool {
    bytes.starts_with(b"BC\xC0\xDE") || bytes.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// One input of the link, as far as the transformation cares.
#[derive(Debug)]
pub(super) enum Found {
    /// A native object, shared library, linker script, or anything the
    /// linker makes sense of without LLVM.
    Native,
    /// Bitcode objects (one, or an archive's), each checked.
    Bitcode(Vec<Marker>),
}

/// Looks at one input of the link (`what` names it in errors). Bitcode
/// without the marker, archives whose bitcode members the symbol index
/// does not list, and archives that mix bitcode and native members are
/// errors that say what to do.
pub(super) fn inspect(path: &Path, what: &str, tmp: &Path) -> Result<Found> {
    let bytes = std::fs::read(path).map_err(|e| anyhow!("cc: {what}: cannot read it: {e}"))?;
    if is_bitcode(&bytes) {
        return match find_marker(&bytes) {
            Some(m) => Ok(Found::Bitcode(vec![m])),
            None => Err(anyhow!("cc: {what}: {}", unmarked(&bytes, tmp))),
        };
    }
    if bytes.starts_with(b"!<thin>\n") {
        let a = Archive::parse(&bytes, true).map_err(|e| anyhow!("cc: {what}: {e}"))?;
        if a.members.iter().any(|m| m.name.ends_with(".o")) {
            let dir = path.parent().unwrap_or(Path::new("."));
            let bitcode = a.members.iter().any(|m| std::fs::read(dir.join(&m.name)).is_ok_and(|b| is_bitcode(&b)));
            if bitcode {
                return Err(anyhow!("cc: {what}: a thin archive of bitcode objects is not supported: make a normal one with `dtrans ar rcs` (or `llvm-ar-19 rcs`)"));
            }
        }
        return Ok(Found::Native);
    }
    if !bytes.starts_with(b"!<arch>\n") {
        return Ok(Found::Native);
    }
    let a = Archive::parse(&bytes, false).map_err(|e| anyhow!("cc: {what}: {e}"))?;
    let mut markers = Vec::new();
    let mut bitcode = Vec::new();
    let mut native = None;
    for m in &a.members {
        let data = &bytes[m.data.clone()];
        if !is_bitcode(data) {
            native.get_or_insert(&m.name);
            continue;
        }
        match find_marker(data) {
            Some(mk) => markers.push(mk),
            None => return Err(anyhow!("cc: {what}({}): {}", m.name, unmarked(data, tmp))),
        }
        bitcode.push(m);
    }
    if bitcode.is_empty() {
        return Ok(Found::Native);
    }
    if let Some(n) = native {
        return Err(anyhow!(
            "cc: {what}: the archive mixes bitcode objects ({}) and native ones ({n}): the link step cannot keep both; compile every member with `dtrans cc -c`, or put the native ones in a library of their own",
            bitcode[0].name
        ));
    }
    // GNU ar writes an index without the bitcode members' symbols (its
    // plugin cannot read LLVM 19 bitcode); the linker would then take no
    // member from the archive and the program would be partial or fail
    // to link. A member defining no symbol is not listed by any ar, so
    // only an archive with none of its bitcode members listed is refused.
    if !bitcode.iter().any(|m| a.index.contains(&m.header)) {
        let how =
            if a.has_index { "its symbol index lists none of its bitcode members" } else { "it has no symbol index" };
        return Err(anyhow!(
            "cc: {what}: {how} (made by GNU ar, which cannot read LLVM 19 bitcode?), so the linker would take no member from it: remove it and make it again with `dtrans ar rcs {} OBJECTS` (or AR=llvm-ar-19; llvm-ranlib-19 does not repair it; GNU ranlib empties the index again)",
            path.display()
        ));
    }
    Ok(Found::Bitcode(markers))
}

/// Why bitcode without the marker cannot be used, and what to do. Asks
/// `llvm-dis-19` (only on this error path): another LLVM's bitcode does
/// not read; ThinLTO bitcode carries a summary.
fn unmarked(bytes: &[u8], tmp: &Path) -> String {
    let file = tmp.join("unmarked.bc");
    let dis = std::fs::write(&file, bytes)
        .ok()
        .and_then(|()| Command::new("llvm-dis-19").arg(&file).arg("-o").arg("-").stdin(Stdio::null()).output().ok());
    let _ = std::fs::remove_file(&file);
    let fix = "recompile it with `dtrans cc -c` (same flags)";
    match dis {
        Some(out) if !out.status.success() => {
            let why = String::from_utf8_lossy(&out.stderr);
            let why = why.lines().next().unwrap_or("").trim();
            format!("LLVM bitcode that llvm-dis-19 cannot read (from another LLVM version?: {why}); {fix}")
        }
        // Full LTO objects carry a summary too, with the flag `ThinLTO` 0.
        Some(out)
            if String::from_utf8_lossy(&out.stdout).lines().any(|l| l.starts_with("^0 = module:"))
                && !String::from_utf8_lossy(&out.stdout).contains("!\"ThinLTO\", i32 0}") =>
        {
            format!("a ThinLTO bitcode object (-flto=thin): the transformation needs the whole program in one module; {fix}")
        }
        Some(_) => format!(
            "LLVM bitcode not made by `dtrans cc -c` (e.g. `clang-19 -flto -c`: optimized by LLVM's passes per file, so the typed structure accesses the passes need are gone); {fix}"
        ),
        None => format!("LLVM bitcode not made by `dtrans cc -c`; {fix}"),
    }
}

struct Member {
    name: String,
    /// Offset of the member's header (what the symbol index points to).
    header: u64,
    data: std::ops::Range<usize>,
}

/// A System V / GNU archive (what `ar` and `llvm-ar` write on Linux; BSD
/// names `#1/N` are read too).
struct Archive {
    members: Vec<Member>,
    has_index: bool,
    /// Header offsets of the members the symbol index lists.
    index: HashSet<u64>,
}

impl Archive {
    fn parse(bytes: &[u8], thin: bool) -> Result<Archive, String> {
        let mut a = Archive { members: Vec::new(), has_index: false, index: HashSet::new() };
        let mut names: &[u8] = &[];
        let mut at = 8;
        while at + 60 <= bytes.len() {
            let h = &bytes[at..at + 60];
            if &h[58..60] != b"`\n" {
                return Err(format!("malformed archive: bad member header at byte {at}"));
            }
            let field = |r: std::ops::Range<usize>| String::from_utf8_lossy(&h[r]).trim_end().to_string();
            let raw_name = field(0..16);
            let size: usize =
                field(48..58).parse().map_err(|_| format!("malformed archive: bad member size at byte {at}"))?;
            let mut start = at + 60;
            // Thin archives hold only the index and the name table.
            let stored = !thin || raw_name == "/" || raw_name == "//" || raw_name == "/SYM64/";
            let end = if stored { start + size } else { start };
            if end > bytes.len() {
                return Err(format!("malformed archive: member at byte {at} runs past the end"));
            }
            let name = if raw_name == "/" || raw_name == "/SYM64/" {
                a.has_index = true;
                let wide = raw_name == "/SYM64/";
                a.index.extend(read_index(&bytes[start..end], wide)?);
                None
            } else if raw_name.starts_with("__.SYMDEF") {
                // A BSD index: trust it (not read).
                a.has_index = true;
                a.index.extend(std::iter::once(u64::MAX));
                None
            } else if raw_name == "//" {
                names = &bytes[start..end];
                None
            } else if let Some(off) = raw_name.strip_prefix('/') {
                let off: usize = off.parse().map_err(|_| format!("malformed archive: bad name '{raw_name}'"))?;
                let rest = names.get(off..).ok_or("malformed archive: name past the name table")?;
                let len = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
                Some(String::from_utf8_lossy(&rest[..len]).trim_end_matches('/').to_string())
            } else if let Some(len) = raw_name.strip_prefix("#1/") {
                let len: usize = len.parse().map_err(|_| format!("malformed archive: bad name '{raw_name}'"))?;
                let n = bytes.get(start..start + len).ok_or("malformed archive: name past the end")?;
                start += len;
                Some(String::from_utf8_lossy(n).trim_end_matches('\0').to_string())
            } else {
                Some(raw_name.trim_end_matches('/').to_string())
            };
            if let Some(name) = name {
                a.members.push(Member { name, header: at as u64, data: start..end });
            }
            at = end + (end & 1);
        }
        // A BSD index lists everything as far as we know.
        if a.index.contains(&u64::MAX) {
            a.index.extend(a.members.iter().map(|m| m.header));
        }
        Ok(a)
    }
}

/// The member offsets of a GNU symbol index (big-endian count, offsets,
/// then names).
fn read_index(data: &[u8], wide: bool) -> Result<Vec<u64>, String> {
    let w = if wide { 8 } else { 4 };
    let num = |b: &[u8]| b.iter().fold(0u64, |n, &x| n << 8 | u64::from(x));
    let count = data.get(..w).map(num).ok_or("malformed archive: short symbol index")?;
    let count = usize::try_from(count).map_err(|_| "malformed archive: symbol index too large")?;
    let table = data.get(w..w + count.saturating_mul(w)).ok_or("malformed archive: short symbol index")?;
    Ok(table.chunks(w).map(num).collect())
}

/// The file a `-lNAME` flag names in the `-L` directories given on the
/// command line (`libNAME.so` before `libNAME.a` unless `static`; the file
/// of `-l:FILE`). The system's own directories are not searched: their
/// libraries are native.
pub(super) fn find_library(name: &str, dirs: &[String], static_only: bool) -> Option<PathBuf> {
    let files = match name.strip_prefix(':') {
        Some(file) => vec![file.to_string()],
        None if static_only => vec![format!("lib{name}.a")],
        None => vec![format!("lib{name}.so"), format!("lib{name}.a")],
    };
    dirs.iter().find_map(|d| files.iter().map(|f| Path::new(d).join(f)).find(|p| p.is_file()))
}

/// The `-L` directories of the command line, in order, and whether the link
/// is static (`-static`: only archives are searched).
pub(super) fn search_dirs(plan: &Plan) -> (Vec<String>, bool) {
    let mut dirs = Vec::new();
    let mut static_only = false;
    let mut items = plan.link.iter().filter_map(|l| match l {
        LinkItem::Arg(a) => Some(a.as_str()),
        LinkItem::Input(_) => None,
    });
    while let Some(a) = items.next() {
        if a == "-L" {
            dirs.extend(items.next().map(String::from));
        } else if let Some(d) = a.strip_prefix("-L") {
            dirs.push(d.to_string());
        } else if a == "-static" {
            static_only = true;
        }
    }
    (dirs, static_only)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markers() {
        let m = Marker { level: "-O2".into(), debug: true };
        let mut bytes = b"BC\xC0\xDE junk".to_vec();
        bytes.extend(m.text().bytes());
        bytes.extend(b"next string");
        assert_eq!(find_marker(&bytes), Some(m));
        let none = Marker { level: String::new(), debug: false };
        assert_eq!(find_marker(none.text().as_bytes()), Some(none));
        assert_eq!(find_marker(b"dtrans-cc-object(-Oquux;g)"), None);
        assert_eq!(find_marker(b"dtrans-cc-object(-O2"), None);
    }

    fn member(name: &str, data: &[u8]) -> Vec<u8> {
        let mut h = format!("{:<16}{:<12}{:<6}{:<6}{:<8}{:<10}`\n", name, 0, 0, 0, 644, data.len()).into_bytes();
        h.extend(data);
        if data.len() % 2 == 1 {
            h.push(b'\n');
        }
        h
    }

    #[test]
    fn archives() {
        let a_o = member("a.o/", b"BC\xC0\xDEdtrans-cc-object(-O1;)");
        // An index listing a.o at offset 8 + the index member's size.
        let mut index = Vec::new();
        index.extend(1u32.to_be_bytes());
        let a_at = 8 + 60 + 4 + 4 + 2; // the index member is 10 bytes ("f\0" included)
        index.extend((a_at as u32).to_be_bytes());
        index.extend(b"f\0");
        let mut ar = b"!<arch>\n".to_vec();
        ar.extend(member("/", &index));
        ar.extend(&a_o);
        let parsed = Archive::parse(&ar, false).unwrap();
        assert_eq!(parsed.members.len(), 1);
        assert_eq!(parsed.members[0].name, "a.o");
        assert!(parsed.index.contains(&parsed.members[0].header));
        // GNU ar: an index with nothing in it.
        let mut gnu = b"!<arch>\n".to_vec();
        gnu.extend(member("/", &0u32.to_be_bytes()));
        gnu.extend(&a_o);
        let parsed = Archive::parse(&gnu, false).unwrap();
        assert!(parsed.has_index && !parsed.index.contains(&parsed.members[0].header));
        assert!(Archive::parse(b"!<arch>\nshort", false).unwrap().members.is_empty());
        let mut bad = b"!<arch>\n".to_vec();
        bad.extend(member("x.o/", b"ab"));
        bad[8 + 48] = b'9';
        assert!(Archive::parse(&bad, false).is_err());
    }
}
