//! Reading bitcode in a child process first.
//!
//! LLVM 19's bitcode reader trusts its input more than it should: some
//! corrupted `.bc` files make it dereference garbage (SIGSEGV), recurse
//! without bound, loop for ever (`llvm-dis-19` too), or abort. None of that can be caught in-process, so before
//! the real parse a forked child reads (and verifies) the same bytes and
//! exits with a status; the parent parses only if the child succeeded.
//!
//! Cost: bitcode is read twice (and verified once more), and a `fork` whose
//! pages are shared copy-on-write. Textual IR does not need this: its parser
//! reports errors instead of crashing.
//!
//! Invariant: the child runs only LLVM's reader and verifier on a context of
//! its own, writes only to the pipe that replaced its stderr, and leaves
//! with `_exit` (no destructors, no flushing of the parent's buffers). A
//! forked child has only the forking thread, so this must be called while no
//! other thread of the process is inside LLVM (true of the `dtrans` command,
//! which parses on its main thread before doing anything else); otherwise a
//! lock held by another thread could leave the child waiting for ever.
use std::path::Path;

use crate::{ffi, IrError};

/// Child exit statuses (see `dtrans_probe_bitcode` in the shim).
const READ_ERROR: i32 = 10;
const DOES_NOT_VERIFY: i32 = 11;
/// What the child's stderr may hold that is kept for the message.
const MAX_MESSAGE: usize = 4096;
/// CPU seconds the child may spend: a base plus one second per MiB, far
/// above what reading and verifying takes (about 0.1 s per MiB), so only a
/// reader caught in a loop meets it.
fn cpu_budget_seconds(len: usize) -> u64 {
    4 + (len >> 20) as u64
}

/// Whether `data` is bitcode, as LLVM decides it: the raw magic `BC 0xC0DE`
/// or the wrapper magic `0x0B17C0DE` (little-endian).
pub(crate) fn is_bitcode(data: &[u8]) -> bool {
    data.starts_with(&[b'B', b'C', 0xC0, 0xDE]) || data.starts_with(&[0xDE, 0xC0, 0x17, 0x0B])
}

/// Reads and verifies bitcode in a forked child. `Ok` if the parent can
/// parse it safely; otherwise the error says why the file is corrupt or
/// unreadable, on one line.
pub(crate) fn check_bitcode_in_child(data: &[u8], path: &Path) -> Result<(), IrError> {
    let corrupt = |message: String| IrError::Parse {
        path: path.into(),
        line: 0,
        col: 0,
        message: format!("corrupt or unreadable bitcode: {message}"),
    };
    let mut fds = [0i32; 2];
    // SAFETY: `fds` has room for the two descriptors pipe(2) writes.
    if unsafe { libc::pipe(fds.as_mut_ptr()) } != 0 {
        return Err(corrupt(format!("cannot check it in a child process: {}", std::io::Error::last_os_error())));
    }
    let (rd, wr) = (fds[0], fds[1]);
    // SAFETY: getpid(2) and fork(2) have no memory preconditions; the child
    // below keeps to the invariant in the module comment.
    let parent = unsafe { libc::getpid() };
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        let e = std::io::Error::last_os_error();
        // SAFETY: both descriptors were opened above and are closed once.
        unsafe {
            libc::close(rd);
            libc::close(wr);
        }
        return Err(corrupt(format!("cannot check it in a child process: {e}")));
    }
    if pid == 0 {
        // SAFETY (child): only descriptor calls, setrlimit and the shim's
        // probe, which reads `data` (valid: the child has a copy of the
        // parent's memory) and allocates in a fresh context; `_exit` ends
        // the child without running anything of the parent's.
        unsafe {
            libc::close(rd);
            libc::dup2(wr, 2);
            libc::close(wr);
            // A crash here is expected of some inputs: leave no core file.
            let no_core = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
            libc::setrlimit(libc::RLIMIT_CORE, &no_core);
            // Some inputs make the reader loop for ever: SIGXCPU ends it.
            let cpu = cpu_budget_seconds(data.len());
            let cpu_limit = libc::rlimit { rlim_cur: cpu, rlim_max: cpu + 1 };
            libc::setrlimit(libc::RLIMIT_CPU, &cpu_limit);
            // And if the parent is killed meanwhile, so is the child.
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            if libc::getppid() != parent {
                libc::_exit(READ_ERROR); // the parent died before prctl
            }
            let status = ffi::dtrans_probe_bitcode(data.as_ptr(), data.len());
            libc::_exit(status);
        }
    }
    // SAFETY: the write end belongs to the child now; closing ours lets the
    // read below see end-of-file when the child is gone.
    unsafe { libc::close(wr) };
    let text = read_all(rd);
    // SAFETY: `rd` was opened above and is closed once.
    unsafe { libc::close(rd) };
    let mut status = 0i32;
    loop {
        // SAFETY: `pid` is our child; `status` is a valid out-pointer.
        let r = unsafe { libc::waitpid(pid, &mut status, 0) };
        if r == pid {
            break;
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(corrupt(format!("cannot wait for the child process that checks it: {e}")));
        }
    }
    let said = first_line(&text);
    if libc::WIFEXITED(status) {
        return match libc::WEXITSTATUS(status) {
            0 => Ok(()),
            READ_ERROR | DOES_NOT_VERIFY => Err(corrupt(said)),
            code => Err(corrupt(if said.is_empty() {
                format!("LLVM's reader failed (status {code})")
            } else {
                said.strip_prefix("dtrans: ").unwrap_or(&said).to_string()
            })),
        };
    }
    let signal = if libc::WIFSIGNALED(status) { libc::WTERMSIG(status) } else { 0 };
    if signal == libc::SIGXCPU {
        return Err(corrupt(format!(
            "LLVM's bitcode reader did not finish within {} s of CPU time",
            cpu_budget_seconds(data.len())
        )));
    }
    let mut msg = format!("LLVM's bitcode reader crashed on it (signal {signal}{})", signal_name(signal));
    if !said.is_empty() {
        msg.push_str(": ");
        msg.push_str(said.strip_prefix("dtrans: ").unwrap_or(&said));
    }
    Err(corrupt(msg))
}

/// Everything the child writes, up to [`MAX_MESSAGE`] bytes kept (the rest
/// is read and dropped so the child never blocks on a full pipe).
fn read_all(fd: i32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        // SAFETY: `buf` is writable for its length; `fd` is open.
        let n = unsafe { libc::read(fd, buf.as_mut_ptr().cast(), buf.len()) };
        if n > 0 {
            let n = n as usize;
            let room = MAX_MESSAGE.saturating_sub(out.len());
            out.extend_from_slice(&buf[..n.min(room)]);
        } else if n == 0 || std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
            return out;
        }
    }
}

fn first_line(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    s.lines().map(str::trim).find(|l| !l.is_empty()).unwrap_or("").to_string()
}

fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGSEGV => ", SIGSEGV",
        libc::SIGBUS => ", SIGBUS",
        libc::SIGABRT => ", SIGABRT",
        libc::SIGFPE => ", SIGFPE",
        libc::SIGILL => ", SIGILL",
        libc::SIGKILL => ", SIGKILL",
        _ => "",
    }
}
