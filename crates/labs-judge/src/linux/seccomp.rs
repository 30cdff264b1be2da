//! A seccomp filter set on every process of a submission's (its runs and the compiler's builds,
//! in and out of the sandbox), which two things go through:
//!
//! - **The kernel's keyrings**: `add_key(2)`, `request_key(2)` and `keyctl(2)` fail with `EPERM`.
//!   A user's keyring is the kernel's, not a process's: a key one run adds outlives it and the
//!   sandbox (root's runs are all `nobody`'s, or their slot's; a user's sandbox inherits the
//!   session keyring of `labs`), so the next run, another student's or a later `labs`'s, could
//!   read it. No judged program needs a key. `EPERM`, as Docker's default profile answers for the
//!   same three calls, says "refused"; `ENOSYS` would say the kernel lacks them, and a kill would
//!   make a program that only looked a Runtime Error.
//! - **User namespaces**, where nothing else bounds them (root's sandbox, which has no user
//!   namespace of bubblewrap's and so no `--disable-userns`, and a run without the sandbox):
//!   `unshare(2)` and `clone(2)` with `CLONE_NEWUSER` fail with `EPERM`, and `clone3(2)`, whose
//!   flags a filter cannot read, fails with `ENOSYS`, so that the C library falls back to `clone`
//!   (as it does on kernels before 5.3). A user's sandbox is bwrap's, which makes a user
//!   namespace itself and bounds the rest (`--disable-userns`): there the filter holds the
//!   keyrings and the signals below alone.
//!
//! - **Passing for the machine's failure**: sending `SIGKILL` (`kill`, `tkill`, `tgkill`,
//!   `rt_sigqueueinfo`, `rt_tgsigqueueinfo`, `pidfd_send_signal`) and setting `RLIMIT_CPU`
//!   (`setrlimit`, `prlimit64`; its hard limit kills with `SIGKILL`) fail with `EPERM`. A run
//!   killed by `SIGKILL` that the guard did not send is the machine's failure to a grader, judged
//!   again: a program that could kill itself so would never get its verdict. `SIGTERM` and the
//!   rest stay a program's own, and are its Runtime Error.
//!
//! A system call of another architecture (a 32-bit one, `x32`) fails with `EPERM`, so that none
//! of them goes round the filter. Set on the process the guard starts, before it execs, it holds
//! for everything below it and no process can lift it.

use std::io;

/// The architecture the filter lets through, as `seccomp_data.arch` names it, and the lowest
/// system-call number that is not this architecture's own (x86-64's x32 calls set bit 30).
#[cfg(target_arch = "x86_64")]
const ARCH: (u32, u32) = (0xC000_003E, 0x4000_0000);
#[cfg(target_arch = "aarch64")]
const ARCH: (u32, u32) = (0xC000_00B7, u32::MAX);

/// The system calls of the kernel's keyrings, which fail with `EPERM`.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const KEYRINGS: [libc::c_long; 3] = [libc::SYS_add_key, libc::SYS_request_key, libc::SYS_keyctl];

/// The system calls that send a signal, each with the index of its signal's argument: sending
/// `SIGKILL` fails with `EPERM`.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const SENDERS: [(libc::c_long, u32); 6] = [
    (libc::SYS_kill, 1),
    (libc::SYS_tkill, 1),
    (libc::SYS_tgkill, 2),
    (libc::SYS_rt_sigqueueinfo, 1),
    (libc::SYS_rt_tgsigqueueinfo, 2),
    (libc::SYS_pidfd_send_signal, 1),
];

/// The system calls that set a resource limit, each with the index of its resource's argument:
/// setting (or, through `prlimit64`, reading) `RLIMIT_CPU` fails with `EPERM`.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const LIMITERS: [(libc::c_long, u32); 2] = [(libc::SYS_setrlimit, 0), (libc::SYS_prlimit64, 1)];

/// The filter, as classic BPF over `seccomp_data`: the architecture at offset 4, the system
/// call's number at 0, the low half of argument k at 16 + 8k (little-endian). With
/// `user_namespaces`, it refuses them too.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
fn program(user_namespaces: bool) -> Vec<libc::sock_filter> {
    let load = |offset: u32| op(libc::BPF_LD | libc::BPF_W | libc::BPF_ABS, offset, 0, 0);
    let ret = |value: u32| op(libc::BPF_RET | libc::BPF_K, value, 0, 0);
    let jump = |test: u32, value: u32, yes: u8, no: u8| op(libc::BPF_JMP | test | libc::BPF_K, value, yes, no);
    let errno = |e: i32| libc::SECCOMP_RET_ERRNO | e as u32;
    let mut program = vec![
        load(4),
        jump(libc::BPF_JEQ, ARCH.0, 1, 0),
        ret(errno(libc::EPERM)),
        load(0),
        jump(libc::BPF_JGE, ARCH.1, 0, 1),
        ret(errno(libc::EPERM)),
    ];
    for call in KEYRINGS {
        program.extend([jump(libc::BPF_JEQ, call as u32, 0, 1), ret(errno(libc::EPERM))]);
    }
    // A SIGKILL a run receives is then never its own (`raise(SIGKILL)`, or `RLIMIT_CPU`'s hard
    // limit, which the kernel enforces with one): the grader takes such a death for the machine's
    // failure, and a program must not be able to pass for one. The argument is compared, then the
    // call's number loaded again for the checks below.
    let refused = |(call, arg): (libc::c_long, u32), value: u32| {
        [
            jump(libc::BPF_JEQ, call as u32, 0, 4),
            load(16 + 8 * arg),
            jump(libc::BPF_JEQ, value, 0, 1),
            ret(errno(libc::EPERM)),
            load(0),
        ]
    };
    for sender in SENDERS {
        program.extend(refused(sender, libc::SIGKILL as u32));
    }
    // `__rlimit_resource_t`: `c_uint` in glibc, `c_int` elsewhere.
    #[allow(clippy::unnecessary_cast, reason = "the resource's type differs between C libraries")]
    let cpu = libc::RLIMIT_CPU as u32;
    for limiter in LIMITERS {
        program.extend(refused(limiter, cpu));
    }
    if user_namespaces {
        program.extend([
            jump(libc::BPF_JEQ, libc::SYS_clone3 as u32, 0, 1),
            ret(errno(libc::ENOSYS)),
            jump(libc::BPF_JEQ, libc::SYS_unshare as u32, 1, 0),
            jump(libc::BPF_JEQ, libc::SYS_clone as u32, 0, 3),
            load(16),
            jump(libc::BPF_JSET, libc::CLONE_NEWUSER as u32, 0, 1),
            ret(errno(libc::EPERM)),
        ]);
    }
    program.push(ret(libc::SECCOMP_RET_ALLOW));
    program
}

/// No filter on an architecture it does not know: user namespaces and keyrings are then open.
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
fn program(_: bool) -> Vec<libc::sock_filter> {
    Vec::new()
}

fn op(code: u32, k: u32, jt: u8, jf: u8) -> libc::sock_filter {
    libc::sock_filter { code: code as u16, jt, jf, k }
}

/// The filter, made before a fork: [`Filter::install`] then only makes one system call.
pub struct Filter(Vec<libc::sock_filter>);

impl Filter {
    /// The keyrings' filter, and with `user_namespaces` the user namespaces' too.
    pub fn new(user_namespaces: bool) -> Filter {
        Filter(program(user_namespaces))
    }

    /// Sets the filter on the calling process, which must have no new privileges or be root.
    /// Async-signal-safe: one `prctl`, on memory made before.
    pub fn install(&self) -> io::Result<()> {
        if self.0.is_empty() {
            return Ok(());
        }
        let program = libc::sock_fprog { len: self.0.len() as u16, filter: self.0.as_ptr().cast_mut() };
        // SAFETY: PR_SET_SECCOMP reads the sock_fprog and the instructions it points to, both
        // alive for the call.
        let done = unsafe { libc::prctl(libc::PR_SET_SECCOMP, libc::SECCOMP_MODE_FILTER, &program) };
        if done == 0 { Ok(()) } else { Err(io::Error::last_os_error()) }
    }
}
