//! What C library functions do with their pointer arguments: the one table
//! the safety analysis consults for calls to functions the module does not
//! define (document 001, "Call": an unknown external function that sees a
//! structure pointer makes the program not whole, and the structure
//! AddressTaken). Allocation and free functions are not here: `alloc.rs`
//! recognises them by name and prototype.

/// The effect of a library function on the objects its pointer arguments
/// point to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LibEffect {
    /// Reads or writes characters or scalars through its pointers, within
    /// the object pointed to (strings, `printf` family, `strtol`): a field
    /// address of a character array or scalar is safe; a whole structure
    /// passed as bytes exposes its layout.
    Bytes,
    /// Reads or writes the raw bytes of whole objects (`fwrite`, `fread`,
    /// `memcmp`, `write`): the layout of a structure passed escapes.
    Layout,
    /// Sorts or searches an array with a comparator: argument `base` is the
    /// array, `size` the element size, `cmp` the comparator.
    Sort { base: u32, size: u32, cmp: u32 },
    /// Takes or returns a pointer to an object of the library's own type
    /// (`FILE`, `struct tm`): that structure is a SystemObject.
    System,
    /// Does not touch memory through its pointers (`exit`, `abort`).
    None,
}

/// The table. Names as C declares them; `__isoc99_` and `_chk`/`_unlocked`
/// variants clang and glibc emit are mapped to their base names.
pub fn lib_effect(name: &str) -> Option<LibEffect> {
    use LibEffect::*;
    let base = name.strip_prefix("__isoc99_").or_else(|| name.strip_prefix("__isoc23_")).unwrap_or(name);
    let base = base.strip_suffix("_unlocked").unwrap_or(base);
    let base = base.strip_prefix("__").and_then(|b| b.strip_suffix("_chk")).unwrap_or(base);
    Some(match base {
        // Formatted output and input, strings, characters, conversions.
        "printf" | "fprintf" | "sprintf" | "snprintf" | "vprintf" | "vfprintf" | "vsprintf" | "vsnprintf"
        | "dprintf" | "scanf" | "fscanf" | "sscanf" | "puts" | "fputs" | "fputc" | "putc" | "putchar" | "fgets"
        | "gets" | "getc" | "fgetc" | "getchar" | "ungetc" | "perror" | "strlen" | "strnlen" | "strcmp" | "strncmp"
        | "strcasecmp" | "strncasecmp" | "strcoll" | "strcpy" | "strncpy" | "stpcpy" | "strcat" | "strncat"
        | "strchr" | "strrchr" | "strstr" | "strpbrk" | "strspn" | "strcspn" | "strtok" | "strtok_r" | "strerror"
        | "atoi" | "atol" | "atoll" | "atof" | "strtol" | "strtoul" | "strtoll" | "strtoull" | "strtod" | "strtof"
        | "strtold" | "getenv" | "system" | "remove" | "rename" | "isalpha" | "isdigit" | "isspace" | "toupper"
        | "tolower" | "puts_unlocked" => Bytes,
        // Raw bytes of whole objects.
        "fwrite" | "fread" | "write" | "read" | "pwrite" | "pread" | "memcmp" | "bcmp" | "send" | "recv" | "memchr"
        | "memrchr" => Layout,
        "qsort" => Sort { base: 0, size: 2, cmp: 3 },
        "bsearch" => Sort { base: 1, size: 3, cmp: 4 },
        // Library-owned objects.
        "fopen" | "fdopen" | "freopen" | "fclose" | "fflush" | "fseek" | "ftell" | "rewind" | "feof" | "ferror"
        | "clearerr" | "setvbuf" | "setbuf" | "fileno" | "time" | "clock_gettime" | "gettimeofday" | "localtime"
        | "gmtime" | "localtime_r" | "gmtime_r" | "mktime" | "strftime" | "stat" | "fstat" | "lstat" | "getrusage"
        | "times" | "fopen64" | "freopen64" | "fseeko" | "ftello" | "fseeko64" | "ftello64" | "tmpfile" | "popen"
        | "pclose" | "flockfile" | "funlockfile" | "nanosleep"
        // Non-local jumps: the buffer is the library's (`__jmp_buf_tag`).
        | "setjmp" | "_setjmp" | "__sigsetjmp" | "sigsetjmp" | "longjmp" | "_longjmp" | "siglongjmp"
        // Locks and conditions: objects of the library's types. (Thread
        // creation and thread-specific data pass the program's pointers
        // on to code the library calls: not here.)
        | "pthread_mutex_init" | "pthread_mutex_destroy" | "pthread_mutex_lock" | "pthread_mutex_trylock"
        | "pthread_mutex_unlock" | "pthread_cond_init" | "pthread_cond_destroy" | "pthread_cond_wait"
        | "pthread_cond_timedwait" | "pthread_cond_signal" | "pthread_cond_broadcast" | "pthread_self"
        | "pthread_equal" => System,
        "exit" | "_exit" | "abort" | "atexit" | "srand" | "rand" | "clock" | "sleep" | "usleep" | "abs" | "labs"
        | "llabs" | "sqrt" | "sqrtf" | "exp" | "log" | "pow" | "sin" | "cos" | "fabs" | "floor" | "ceil"
        | "__assert_fail" | "__stack_chk_fail" | "munmap" => None,
        _ => return Option::None,
    })
}

/// Structures of the C library that a program may hold pointers to but
/// never lay out itself.
pub fn is_system_struct(name: &str) -> bool {
    let n = name.strip_prefix("struct.").or_else(|| name.strip_prefix("union.")).unwrap_or(name);
    matches!(
        n,
        "_IO_FILE"
            | "_IO_marker"
            | "_IO_codecvt"
            | "_IO_wide_data"
            | "__sFILE"
            | "tm"
            | "timeval"
            | "timespec"
            | "stat"
            | "rusage"
            | "tms"
            | "__va_list_tag"
            | "sigaction"
            | "__jmp_buf_tag"
            | "dirent"
            | "__dirstream"
            | "pthread_mutex_t"
            | "pthread_cond_t"
            | "__pthread_mutex_s"
            | "__pthread_cond_s"
            | "__pthread_internal_list"
    )
}

/// The first function without a body that `m` refers to and dtrans does
/// not know: known are LLVM's intrinsics, the functions of [`lib_effect`]'s
/// table, the library's allocation and free functions and the C library's
/// mathematics. A known function starts no thread, calls no function of
/// the program's but one it is given (a sort's comparator, an `atexit`
/// handler), and hands the program no function pointer of its own; of an
/// unknown one (a native library, `dlsym`) nothing of that is known.
pub fn first_unknown_declaration<'m>(m: &'m dtrans_ir::Module<'_>) -> Option<dtrans_ir::Function<'m>> {
    const MATH: &[&str] = &[
        "acos",
        "asin",
        "atan",
        "atan2",
        "cosh",
        "sinh",
        "tanh",
        "exp2",
        "expm1",
        "log2",
        "log10",
        "log1p",
        "cbrt",
        "hypot",
        "fmod",
        "round",
        "lround",
        "llround",
        "trunc",
        "rint",
        "lrint",
        "nearbyint",
        "fmin",
        "fmax",
        "fdim",
        "ldexp",
        "frexp",
        "modf",
        "tan",
        "erf",
        "erfc",
        "tgamma",
        "lgamma",
        "copysign",
        "remainder",
        "acosh",
        "asinh",
        "atanh",
    ];
    // POSIX and glibc functions on files, processes, locales and memory
    // maps that take no function and call none (`fork` starts a process,
    // not a thread; `__errno_location` and `__ctype_b_loc` are how glibc's
    // headers spell `errno` and `isalpha`). Their arguments are judged
    // elsewhere (`lib_effect`: an unknown one's are escapes).
    const POSIX: &[&str] = &[
        "__errno_location",
        "__ctype_b_loc",
        "__ctype_tolower_loc",
        "__ctype_toupper_loc",
        "close",
        "open",
        "open64",
        "unlink",
        "rmdir",
        "mkdir",
        "access",
        "readlink",
        "getcwd",
        "getpid",
        "geteuid",
        "getuid",
        "sysconf",
        "setlocale",
        "localeconv",
        "difftime",
        "fork",
        "waitpid",
        "mkstemp",
        "mkstemp64",
        "tmpfile64",
        "ftello64",
        "fseeko64",
        "stat64",
        "lstat64",
        "fstat64",
        "fcntl",
        "fcntl64",
        "ftruncate",
        "ftruncate64",
        "fsync",
        "fchown",
        "fchmod",
        "utimes",
        "pread64",
        "pwrite64",
        "mmap",
        "mmap64",
        "mremap",
        "mprotect",
        "madvise",
        "malloc_usable_size",
        "srandom",
        "random",
        "fesetround",
        "isatty",
        "lseek",
        "lseek64",
        "dup",
        "dup2",
        "pipe",
    ];
    m.functions().filter(|f| f.is_declaration()).find(|f| {
        let name = f.name();
        let known = name.starts_with("llvm.")
            || POSIX.contains(&name.as_str())
            || lib_effect(&name).is_some()
            || crate::alloc::classify_library(*f).is_some()
            || MATH.iter().any(|x| name == *x || name.strip_suffix(['f', 'l']) == Some(*x))
            || matches!(name.as_str(), "memcpy" | "memmove" | "memset");
        !known
    })
}
