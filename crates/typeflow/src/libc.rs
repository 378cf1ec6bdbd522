//! What the prototypes of well-known C library functions say about their
//! arguments and results (x86-64 Linux, LP64: `long` and `size_t` have the
//! pointer's size, `char` is signed), and what a `printf` format says about
//! the variadic arguments.
use std::collections::HashMap;
use std::sync::OnceLock;

use crate::lattice::{Lattice, PrimitiveKind as K, ScalarType};

/// A C type of a prototype, as far as scalar types go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum C {
    Void,
    Int,
    UInt,
    Long,
    ULong,
    SizeT,
    Double,
    /// `char *`
    Str,
    /// `char **`
    StrPtr,
    /// `void *`, and pointers to opaque library types (`FILE *`).
    VoidPtr,
    /// A type we say nothing about (function pointers, `va_list`, ...).
    Unknown,
}

impl C {
    /// The scalar type this C type denotes, `None` when it says nothing.
    pub(crate) fn scalar(self, l: Lattice) -> Option<ScalarType> {
        let long = l.ptr_bits;
        Some(match self {
            C::Void | C::Unknown => return None,
            C::Int => ScalarType::new(K::Signed, 32),
            C::UInt => ScalarType::new(K::Unsigned, 32),
            C::Long => ScalarType::new(K::Signed, long),
            C::ULong | C::SizeT => ScalarType::new(K::Unsigned, long),
            C::Double => ScalarType::new(K::Float, 64),
            C::Str => ScalarType { kind: K::Signed, bits: 8, pointers: 1 },
            C::StrPtr => ScalarType { kind: K::Signed, bits: 8, pointers: 2 },
            C::VoidPtr => l.pointer(),
        })
    }
}

/// A prototype: result, fixed parameters, and the index of the `printf`
/// format parameter if the function has one.
#[derive(Debug)]
pub(crate) struct Proto {
    pub ret: C,
    pub params: &'static [C],
    pub format: Option<usize>,
}

const fn p(ret: C, params: &'static [C]) -> Proto {
    Proto { ret, params, format: None }
}

const fn f(ret: C, params: &'static [C], format: usize) -> Proto {
    Proto { ret, params, format: Some(format) }
}

use C::*;

static TABLE: &[(&str, Proto)] = &[
    // memory
    ("malloc", p(VoidPtr, &[SizeT])),
    ("calloc", p(VoidPtr, &[SizeT, SizeT])),
    ("realloc", p(VoidPtr, &[VoidPtr, SizeT])),
    ("aligned_alloc", p(VoidPtr, &[SizeT, SizeT])),
    ("free", p(Void, &[VoidPtr])),
    ("memcpy", p(VoidPtr, &[VoidPtr, VoidPtr, SizeT])),
    ("memmove", p(VoidPtr, &[VoidPtr, VoidPtr, SizeT])),
    ("memset", p(VoidPtr, &[VoidPtr, Int, SizeT])),
    ("memcmp", p(Int, &[VoidPtr, VoidPtr, SizeT])),
    ("memchr", p(VoidPtr, &[VoidPtr, Int, SizeT])),
    // strings
    ("strlen", p(SizeT, &[Str])),
    ("strnlen", p(SizeT, &[Str, SizeT])),
    ("strcmp", p(Int, &[Str, Str])),
    ("strncmp", p(Int, &[Str, Str, SizeT])),
    ("strcpy", p(Str, &[Str, Str])),
    ("strncpy", p(Str, &[Str, Str, SizeT])),
    ("strcat", p(Str, &[Str, Str])),
    ("strncat", p(Str, &[Str, Str, SizeT])),
    ("strchr", p(Str, &[Str, Int])),
    ("strrchr", p(Str, &[Str, Int])),
    ("strstr", p(Str, &[Str, Str])),
    ("strdup", p(Str, &[Str])),
    ("strtok", p(Str, &[Str, Str])),
    ("atoi", p(Int, &[Str])),
    ("atol", p(Long, &[Str])),
    ("atoll", p(Long, &[Str])),
    ("atof", p(Double, &[Str])),
    ("strtol", p(Long, &[Str, StrPtr, Int])),
    ("strtoll", p(Long, &[Str, StrPtr, Int])),
    ("strtoul", p(ULong, &[Str, StrPtr, Int])),
    ("strtoull", p(ULong, &[Str, StrPtr, Int])),
    ("strtod", p(Double, &[Str, StrPtr])),
    ("getenv", p(Str, &[Str])),
    // characters
    ("toupper", p(Int, &[Int])),
    ("tolower", p(Int, &[Int])),
    ("isalpha", p(Int, &[Int])),
    ("isdigit", p(Int, &[Int])),
    ("isalnum", p(Int, &[Int])),
    ("isspace", p(Int, &[Int])),
    ("isupper", p(Int, &[Int])),
    ("islower", p(Int, &[Int])),
    ("isprint", p(Int, &[Int])),
    ("ispunct", p(Int, &[Int])),
    ("isxdigit", p(Int, &[Int])),
    // stdio (FILE * is opaque: a void *)
    ("printf", f(Int, &[Str], 0)),
    ("fprintf", f(Int, &[VoidPtr, Str], 1)),
    ("sprintf", f(Int, &[Str, Str], 1)),
    ("snprintf", f(Int, &[Str, SizeT, Str], 2)),
    ("__printf_chk", f(Int, &[Int, Str], 1)),
    ("__fprintf_chk", f(Int, &[VoidPtr, Int, Str], 2)),
    ("__sprintf_chk", f(Int, &[Str, Int, SizeT, Str], 3)),
    ("__snprintf_chk", f(Int, &[Str, SizeT, Int, SizeT, Str], 4)),
    ("scanf", p(Int, &[Str])),
    ("__isoc99_scanf", p(Int, &[Str])),
    ("sscanf", p(Int, &[Str, Str])),
    ("__isoc99_sscanf", p(Int, &[Str, Str])),
    ("puts", p(Int, &[Str])),
    ("putchar", p(Int, &[Int])),
    ("getchar", p(Int, &[])),
    ("fputs", p(Int, &[Str, VoidPtr])),
    ("fputc", p(Int, &[Int, VoidPtr])),
    ("putc", p(Int, &[Int, VoidPtr])),
    ("fgetc", p(Int, &[VoidPtr])),
    ("getc", p(Int, &[VoidPtr])),
    ("fgets", p(Str, &[Str, Int, VoidPtr])),
    ("fopen", p(VoidPtr, &[Str, Str])),
    ("fclose", p(Int, &[VoidPtr])),
    ("fflush", p(Int, &[VoidPtr])),
    ("fread", p(SizeT, &[VoidPtr, SizeT, SizeT, VoidPtr])),
    ("fwrite", p(SizeT, &[VoidPtr, SizeT, SizeT, VoidPtr])),
    ("perror", p(Void, &[Str])),
    // stdlib and friends
    ("exit", p(Void, &[Int])),
    ("abort", p(Void, &[])),
    ("abs", p(Int, &[Int])),
    ("labs", p(Long, &[Long])),
    ("llabs", p(Long, &[Long])),
    ("rand", p(Int, &[])),
    ("srand", p(Void, &[UInt])),
    ("qsort", p(Void, &[VoidPtr, SizeT, SizeT, Unknown])),
    ("bsearch", p(VoidPtr, &[VoidPtr, VoidPtr, SizeT, SizeT, Unknown])),
    ("time", p(Long, &[VoidPtr])),
    ("clock", p(Long, &[])),
    ("sleep", p(UInt, &[UInt])),
    ("usleep", p(Int, &[UInt])),
    ("read", p(Long, &[Int, VoidPtr, SizeT])),
    ("write", p(Long, &[Int, VoidPtr, SizeT])),
    ("close", p(Int, &[Int])),
];

/// The prototype of the C library function `name`, if we know it.
pub(crate) fn lookup(name: &str) -> Option<&'static Proto> {
    static INDEX: OnceLock<HashMap<&'static str, &'static Proto>> = OnceLock::new();
    INDEX.get_or_init(|| TABLE.iter().map(|(n, p)| (*n, p)).collect()).get(name).copied()
}

/// What one conversion of a `printf` format says about its argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum FormatArg {
    /// An integer of this signedness (the size is the argument's own).
    Int(K),
    Float,
    /// `%s`
    Str,
    /// `%p`
    Ptr,
    /// An argument we say nothing about (`%n`).
    Skip,
}

/// The arguments a `printf` format consumes, in order. Stops at the first
/// conversion it does not understand (the rest is then unknown).
pub(crate) fn printf_args(fmt: &[u8]) -> Vec<FormatArg> {
    let mut out = Vec::new();
    let mut i = 0;
    let at = |i: usize| fmt.get(i).copied().unwrap_or(0);
    while i < fmt.len() {
        if at(i) != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if at(i) == b'%' {
            i += 1;
            continue;
        }
        while b"-+ #0'".contains(&at(i)) && at(i) != 0 {
            i += 1;
        }
        // Width, then `.` and precision: each `*` (an `int` argument) or digits.
        let mut count = |i: &mut usize| {
            if at(*i) == b'*' {
                out.push(FormatArg::Int(K::Signed));
                *i += 1;
            }
            while at(*i).is_ascii_digit() {
                *i += 1;
            }
        };
        count(&mut i);
        if at(i) == b'.' {
            i += 1;
            count(&mut i);
        }
        while b"hljztLq".contains(&at(i)) && at(i) != 0 {
            i += 1;
        }
        let arg = match at(i) {
            b'd' | b'i' | b'c' => FormatArg::Int(K::Signed),
            b'u' | b'o' | b'x' | b'X' => FormatArg::Int(K::Unsigned),
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => FormatArg::Float,
            b's' => FormatArg::Str,
            b'p' => FormatArg::Ptr,
            b'n' => FormatArg::Skip,
            _ => return out,
        };
        out.push(arg);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_prototypes() {
        let l = Lattice::new(64);
        let m = lookup("malloc").unwrap();
        assert_eq!(m.ret.scalar(l).unwrap().c_name(), "void *");
        assert_eq!(m.params[0].scalar(l).unwrap().c_name(), "uint64_t");
        assert_eq!(lookup("strlen").unwrap().params[0].scalar(l).unwrap().c_name(), "int8_t *");
        assert_eq!(lookup("printf").unwrap().format, Some(0));
        assert!(lookup("my_function").is_none());
    }

    #[test]
    fn printf_formats() {
        use FormatArg::*;
        assert_eq!(
            printf_args(b"%d %u %ld %lu %zu\n\0"),
            vec![Int(K::Signed), Int(K::Unsigned), Int(K::Signed), Int(K::Unsigned), Int(K::Unsigned)]
        );
        assert_eq!(printf_args(b"%5.2f%% %s %p %-08x %c"), vec![Float, Str, Ptr, Int(K::Unsigned), Int(K::Signed)]);
        assert_eq!(printf_args(b"%*.*s|%lld"), vec![Int(K::Signed), Int(K::Signed), Str, Int(K::Signed)]);
        // An unknown conversion ends what we can say.
        assert_eq!(printf_args(b"%d %Q %d"), vec![Int(K::Signed)]);
        assert_eq!(printf_args(b"100%"), vec![]);
    }
}
