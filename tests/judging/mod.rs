//! What the judge's tests share: running `labs judge` on a program, reading its table, and
//! finding the processes a test started that are still alive.

#![allow(dead_code, reason = "each test file uses only some of them")]

use std::collections::{BTreeSet, HashMap};
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Mutex, MutexGuard, Once};
use std::time::{Duration, Instant};

pub const LABS: &str = env!("CARGO_BIN_EXE_labs");

/// Whether labs judges with its Linux backend (subreaper, cgroup, bubblewrap, `RLIMIT_AS`), not
/// the portable one (`--features portable-backend`).
pub fn linux_backend() -> bool {
    nqueens_labs::judging::host(false).guarantees().backend == nqueens_labs::judge::process::Backend::Linux
}

/// Whether test `tag` must be skipped because it needs the Linux backend, saying so and why.
pub fn skip_without_linux_backend(tag: &str, why: &str) -> bool {
    let skip = !linux_backend();
    if skip {
        eprintln!("{tag}: SKIPPED, it needs the Linux backend: {why}");
    }
    skip
}

/// Says `said` (a test's "…: SKIPPED, no … here" line) and goes on to skip, where a part the test
/// drives is missing here; under `CI=true` with the Linux backend, which `.ci/run` gives every
/// part (bubblewrap, a JDK), a missing one fails the test instead: a suite that skips in CI proves
/// nothing. The portable backend has no sandbox, and says so, in CI too.
pub fn skip(said: &str) {
    let ci = std::env::var_os("CI").is_some_and(|ci| ci == "true");
    assert!(!(ci && linux_backend()), "{said} (under CI=true, with the Linux backend, nothing may be missing)");
    eprintln!("{said}");
}

/// Whether java and javac are here to test with; when not, fails under `CI=true` (`.ci/run`
/// installs a JDK) and else says `tag: SKIPPED` and why.
pub fn have_java(tag: &str) -> bool {
    let missing: Vec<&str> = ["java", "javac"]
        .into_iter()
        .filter(|tool| nqueens_labs::judge::process::find_in_path(tool).is_none())
        .collect();
    if missing.is_empty() {
        return true;
    }
    assert!(std::env::var_os("CI").is_none_or(|ci| ci != "true"), "{tag}: no {missing:?} under CI");
    eprintln!("{tag}: SKIPPED, no {missing:?} here");
    false
}

/// Sends `signal` to process `pid`, one this test started.
pub fn send(pid: u32, signal: rustix::process::Signal) {
    let pid = rustix::process::Pid::from_raw(pid as i32).expect("a process id is positive");
    rustix::process::kill_process(pid, signal).expect("the process is alive");
}

/// `labs judge <args> -- sh -c <script> <name> <named>`, in `dir`: `$L` in the script is `named`,
/// which the judged command names (its `$1`), so that the sandbox lets it run. `name` is the
/// script's `$0`, for the messages of a failing test.
fn naming(named: &Path, args: &[&str], script: &str, name: &str, dir: &Path) -> Command {
    let mut command = Command::new(LABS);
    command
        .arg("judge")
        .args(args)
        .args(["--", "sh", "-c", &format!("L=\"$1\"; {script}"), name])
        .arg(named)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .env("LC_ALL", "C");
    command
}

/// Runs `labs judge <args> -- sh -c <script>` in a fresh temporary directory, with labs itself as
/// `$L`: for the tests of the toolkit judging itself; [`student::judge`] for the others.
pub fn judge(args: &[&str], script: &str, name: &str) -> Output {
    let dir = tempfile::tempdir().unwrap();
    naming(Path::new(LABS), args, script, name, dir.path()).watched_output()
}

/// The same commands with a compiled student's program as `$L` in place of labs, for the tests
/// whose point is the judge, not the toolkit judged: no `labs` binary is then within a run's
/// reach, so no test passes because a run could call the grader (issue 21, item 4).
pub mod student {
    use super::{Watched, cc, naming};
    use std::path::{Path, PathBuf};
    use std::process::{Child, Command, Output, Stdio};
    use std::sync::OnceLock;

    /// What an honest student's program adds to [`search`] to answer `$L run [-f FORMAT]
    /// [--first K] [N]` byte for byte as labs does: the n of the last argument, or the one on
    /// stdin, and one printer per format (judge.rs checks them against `labs run`). A format it
    /// does not know, `svg` among them, or anything else it does not understand: exit 2.
    const LIKE_LABS_RUN: &str = r##"
#include <stdlib.h>
#include <string.h>

/* The format asked for (a judge's name resolved), how many boards --first wants (-1: all) and
   how many were printed. */
static const char *format = "pretty";
static long first = -1, shown = 0;

static int is(const char *name) { return strcmp(format, name) == 0; }

/* The format `name` names, or 0. */
static const char *known(const char *name) {
    static const char *const names[][2] = {
        {"pretty", "pretty"}, {"spaced", "spaced"}, {"pta", "spaced"}, {"framed", "framed"},
        {"compact", "compact"}, {"acwing", "compact"}, {"numbered", "numbered"},
        {"bailian", "numbered"}, {"kruse", "kruse"}, {"luogu", "luogu"}, {"leetcode", "leetcode"},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (strcmp(name, names[i][0]) == 0) return names[i][1];
    return 0;
}

/* The board whose row r has its queen in column q[r], row by row: `open`, the n cells from
   `look` (empty, queen) with `between` between two, `close`; `join` between two rows. */
static void rows(const int *q, const char *look, const char *between, const char *open,
                 const char *close, const char *join) {
    for (int r = 0; r < n; r++) {
        printf("%s%s", r ? join : "", open);
        for (int c = 0; c < n; c++) printf("%s%c", c ? between : "", look[q[r] == c]);
        fputs(close, stdout);
    }
}

/* Document 001's top and bottom line. */
static void frame(void) {
    for (int c = 0; c < n + 2; c++) putchar('#');
    putchar('\n');
}

/* The k-th board, whose queens are in at[]. */
static void board(long k) {
    if (is("pretty")) {
        printf("Solution %ld\n", k);
        rows(at, ".Q", " ", "", "\n", "");
        putchar('\n');
    } else if (is("spaced")) {
        if (k > 1) putchar('\n');
        rows(at, ".Q", " ", "", "\n", "");
    } else if (is("framed")) {
        printf("total: %ld\n", k);
        frame();
        rows(at, " K", "", "#", "#\n", "");
        frame();
    } else if (is("compact")) {
        rows(at, ".Q", "", "", "\n", "");
        putchar('\n');
    } else if (is("numbered")) {
        /* Column-major order is the search's order transposed. */
        int t[16];
        for (int c = 0; c < n; c++) t[at[c]] = c;
        printf("No. %ld\n", k);
        rows(t, "01", " ", "", "\n", "");
    } else if (is("kruse")) {
        rows(at, ".Q", " ", "", "\n", "");
        puts("================");
    } else if (is("luogu") && k <= 3) {
        for (int r = 0; r < n; r++) printf(r ? " %d" : "%d", at[r] + 1);
        putchar('\n');
    } else if (is("leetcode")) {
        fputs(k > 1 ? ",[" : "[", stdout);
        rows(at, ".Q", "", "\"", "\"", ",");
        putchar(']');
    }
}

/* What follows the last board; `complete` is 0 when --first stopped the search early. */
static void end(int complete) {
    const char *s = shown == 1 ? "" : "s";
    if (is("pretty") && shown == 0) printf("No solutions for n = %d (row).\n", n);
    else if (is("pretty") && complete) printf("%ld solution%s for n = %d (row).\n", shown, s, n);
    else if (is("pretty")) printf("The first %ld solution%s for n = %d (row); search stopped there.\n", shown, s, n);
    else if (is("spaced") && shown == 0) puts("None");
    else if (is("kruse")) printf("there is total %ld configurations.\n", shown);
    else if (is("luogu")) printf("%ld\n", shown);
    else if (is("leetcode")) puts("]");
}

/* The search found a board. One past --first's K stops it, so a search that ends having
   found K is complete. */
static void found(void) {
    if (shown == first) {
        end(0);
        exit(0);
    }
    board(++shown);
}

int main(int argc, char **argv) {
    const char *size = 0;
    if (argc < 2 || strcmp(argv[1], "run") != 0) return 2;
    for (int i = 2; i < argc; i++) {
        int valued = i + 1 < argc;
        if (valued && (strcmp(argv[i], "-f") == 0 || strcmp(argv[i], "--format") == 0)) format = argv[++i];
        else if (valued && strcmp(argv[i], "--first") == 0) {
            if ((first = atol(argv[++i])) < 1) return 2;
        }
        else if (argv[i][0] >= '0' && argv[i][0] <= '9') size = argv[i];
        else return 2;
    }
    if (!(format = known(format))) return 2;
    if (size ? sscanf(size, "%d", &n) != 1 : scanf("%d", &n) != 1) return 2;
    if (n < 1 || n > 15) return 2;
    if (is("leetcode")) putchar('[');
    go(0);
    end(1);
    return 0;
}
"##;

    /// [`super::queens_c`]'s search without its `main`, handing each board it finds to the
    /// student's `found()` instead of printing it.
    fn search() -> String {
        let source = super::queens_c();
        let (search, _main) = source.split_once("int main()").expect("queens_c has a main");
        let (head, rest) = search.split_once("if (r == n) {\n").expect("queens_c's search tests for a board");
        let (_printed, tail) = rest.split_once("return;\n").expect("and returns once it printed it");
        format!("static void found(void);\n{head}if (r == n) {{\n        found();\n        return;\n{tail}")
    }

    /// The program, built once per test binary into Cargo's temporary directory for tests
    /// (which `nobody` can reach, as a root grader's runs are), and left there for the next.
    pub fn built() -> &'static Path {
        static BUILT: OnceLock<PathBuf> = OnceLock::new();
        BUILT.get_or_init(|| {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
            // Built under a name of its own, then renamed over the shared one: test binaries
            // build it at once, and a run of the old file keeps its own copy.
            let own = format!("honest-{}", std::process::id());
            let honest = search() + LIKE_LABS_RUN;
            let program = cc(dir, &own, &honest);
            let _ = std::fs::remove_file(dir.join(format!("{own}.c")));
            std::fs::rename(program, dir.join("honest")).unwrap();
            dir.join("honest")
        })
    }

    /// `labs judge <args> -- sh -c <script> <name> <student>` in `dir`, with the student's
    /// program as `$L`.
    pub fn command(args: &[&str], script: &str, name: &str, dir: &Path) -> Command {
        naming(built(), args, script, name, dir)
    }

    /// [`command`] in a fresh temporary directory, run to its end.
    pub fn judge(args: &[&str], script: &str, name: &str) -> Output {
        let dir = tempfile::tempdir().unwrap();
        command(args, script, name, dir.path()).watched_output()
    }

    /// [`command`] in `dir`, started without waiting for it.
    pub fn spawn(args: &[&str], script: &str, name: &str, dir: &Path) -> Child {
        command(args, script, name, dir).stdout(Stdio::piped()).stderr(Stdio::piped()).watched_spawn()
    }
}

/// A directory for a test's programs out of `/tmp` (which the sandbox replaces), with `mode`:
/// 0o755 for nobody to read and run from, 0o777 for a user's labs to write in too.
pub fn outside_tmp(mode: u32) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(mode)).unwrap();
    dir
}

/// Whether the sandbox works here, or why not, as `labs judge --sandbox on` finds it: asked of
/// the binary, once per test binary. Never probed in the test process: a guard there would take
/// the other tests' `labs` processes, its children too, for its own run's, and kill them.
pub fn sandbox_works() -> Result<(), String> {
    static WORKS: std::sync::OnceLock<Result<(), String>> = std::sync::OnceLock::new();
    WORKS
        .get_or_init(|| {
            let dir = tempfile::tempdir().unwrap();
            let out = labs_in(dir.path(), &["judge", "-f", "compact", "--n", "1", "--sandbox", "on", "--", "true"]);
            // Judged (a Wrong Answer, exit 1), the sandbox works; else labs says why not (exit 2).
            match out.status.code() {
                Some(1) => Ok(()),
                _ => Err(String::from_utf8_lossy(&out.stderr).trim().to_string()),
            }
        })
        .clone()
}

/// `labs`, to run as the user and group `uid` with room for `processes` processes and threads of
/// that user (`RLIMIT_NPROC`, through `prlimit` and `setpriv`: only a test run as root can): a
/// machine out of processes. A uid no other test runs as keeps the count the test's own.
pub fn labs_within_processes(uid: u32, processes: u32) -> Command {
    let mut command = Command::new("prlimit");
    command.arg(format!("--nproc={processes}")).arg("setpriv");
    command.args([format!("--reuid={uid}"), format!("--regid={uid}")]).args(["--clear-groups", LABS]);
    command
}

/// `labs`, to run as a user that is not root: as nobody (65534, through `setpriv`) when the test
/// runs as root, else as the test's own user. Out of the sandbox its runs are then its own user,
/// and can signal it, as a user grader's can.
pub fn labs_as_a_user() -> Command {
    match rustix::process::geteuid().is_root() {
        true => {
            let mut command = Command::new("setpriv");
            command.args(["--reuid=65534", "--regid=65534", "--clear-groups", LABS]);
            command
        }
        false => Command::new(LABS),
    }
}

/// Runs `labs <args>` in `dir`.
pub fn labs_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(LABS).args(args).current_dir(dir).env("NO_COLOR", "1").env("LC_ALL", "C").watched_output()
}

/// How the tests start `labs`, so that whatever it leaves behind is found ([`survivors`]).
pub trait Watched {
    /// Starts it, as one of the test's own.
    fn watched_spawn(&mut self) -> Child;
    /// Runs it to its end, as one of the test's own, with its output. As with
    /// [`Command::output`], stdin is not inherited: nothing a test starts (a hostile program
    /// above all) reaches the terminal the tests run in through it.
    fn watched_output(&mut self) -> Output;
}

impl Watched for Command {
    fn watched_spawn(&mut self) -> Child {
        let mut started = started();
        let child = self.spawn().unwrap();
        started.insert(child.id() as i32);
        child
    }

    fn watched_output(&mut self) -> Output {
        self.stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .watched_spawn()
            .wait_with_output()
            .unwrap()
    }
}

/// The pids of the processes the tests started themselves, locked: a scan never sees one that is
/// started but not yet listed. The test process is made a *child subreaper* on first use, so that
/// every process started below it stays below it, whatever it does (`setsid`, a double fork, a
/// changed environment, name or command line): an orphan is reparented to the nearest subreaper,
/// `labs` while it lives, then the test process, never init.
fn started() -> MutexGuard<'static, BTreeSet<i32>> {
    static STARTED: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());
    static REAPER: Once = Once::new();
    REAPER.call_once(|| {
        let me = rustix::process::getpid();
        let made = rustix::process::set_child_subreaper(Some(me));
        assert!(made.is_ok(), "the tests need to be a child subreaper to find survivors: {made:?}");
    });
    STARTED.lock().unwrap_or_else(|e| e.into_inner())
}

/// `pid`'s parent and state letter, from `/proc/<pid>/stat` (the command name in parentheses may
/// hold anything; the fields follow its last ')').
fn parent_and_state(pid: i32) -> Option<(i32, char)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut fields = stat[stat.rfind(')')? + 1..].split_ascii_whitespace();
    let state = fields.next()?.chars().next()?;
    Some((fields.next()?.parse().ok()?, state))
}

/// Every live process below `root`, with its command line: a walk of the parent links of
/// `/proc`, which only the kernel writes. Below the subtrees of `skip`.
fn below(root: i32, skip: &BTreeSet<i32>) -> Vec<(i32, String)> {
    let mut children: HashMap<i32, Vec<(i32, char)>> = HashMap::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|p| p.parse::<i32>().ok()) else { continue };
        if let Some((parent, state)) = parent_and_state(pid) {
            children.entry(parent).or_default().push((pid, state));
        }
    }
    let mut found = Vec::new();
    let mut todo = vec![root];
    while let Some(pid) = todo.pop() {
        for &(child, state) in children.get(&pid).into_iter().flatten() {
            if skip.contains(&child) {
                continue;
            }
            todo.push(child);
            if state != 'Z' && state != 'X' {
                let cmdline = std::fs::read(format!("/proc/{child}/cmdline")).unwrap_or_default();
                found.push((child, String::from_utf8_lossy(&cmdline).replace('\0', " ").trim_end().to_string()));
            }
        }
    }
    found
}

/// Live processes the tests did not start themselves but that came from them: what a `labs` left
/// behind. A `labs` still running (another test's) is skipped with everything below it.
pub fn survivors() -> Vec<String> {
    let started = started();
    below(std::process::id() as i32, &started).into_iter().map(|(pid, cmd)| format!("{pid}: {cmd}")).collect()
}

/// Asserts that nothing the test started is alive (after a moment for SIGKILL to land); `what`
/// names the test in the message.
pub fn assert_nothing_survives(what: &str) {
    let started = Instant::now();
    loop {
        let alive = survivors();
        if alive.is_empty() {
            return;
        }
        assert!(started.elapsed() < Duration::from_secs(2), "{what}: still alive after the judge: {alive:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits (polling, at most 10 s) until a process below `labs` whose command line starts with
/// `what` is running.
pub fn wait_until_running(labs: &Child, what: &str) {
    let started = Instant::now();
    while !below(labs.id() as i32, &BTreeSet::new()).iter().any(|(_, c)| c.starts_with(what)) {
        assert!(started.elapsed() < Duration::from_secs(10), "{what} never started");
        std::thread::sleep(Duration::from_millis(10));
    }
}

/// Builds the C program `source` as `dir/name` with `cc`, for a test's hostile program; its path.
pub fn cc(dir: &Path, name: &str, source: &str) -> std::path::PathBuf {
    std::fs::write(dir.join(format!("{name}.c")), source).unwrap();
    let built = Command::new("cc").args(["-O2", "-o", name, &format!("{name}.c")]).current_dir(dir).watched_output();
    assert!(built.status.success(), "{name}.c: {}", String::from_utf8_lossy(&built.stderr));
    dir.join(name)
}

pub fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// stderr, without the note a machine where bwrap does not work adds (tests/judge/sandbox.rs checks it).
pub fn stderr(out: &Output) -> String {
    let text = String::from_utf8_lossy(&out.stderr);
    let note = |l: &str| l.starts_with(SANDBOX_NOTE) || l.starts_with(SANDBOX_NOTE_ZH);
    text.lines().filter(|l| !note(l)).map(|l| format!("{l}\n")).collect()
}

/// How `labs judge` starts the note it prints when it judges without a sandbox.
pub const SANDBOX_NOTE: &str = "labs: note: judging without a sandbox: ";

/// The same note's start, in Chinese.
pub const SANDBOX_NOTE_ZH: &str = "labs：注意：在没有沙箱的情况下评测：";

/// The verdict column of each table row, in order.
pub fn verdicts(out: &Output) -> Vec<String> {
    stdout(out)
        .lines()
        .filter_map(|l| l.strip_prefix('│'))
        .filter_map(|l| l.split('┆').nth(1))
        .map(|v| v.trim().to_string())
        .filter(|v| v != "verdict" && v != "结果")
        .collect()
}

/// A program in the style of document 002, written for these tests: one queen per row, three
/// flag arrays, n from stdin, an empty line after every board.
pub const QUEENS_CPP: &str = r#"#include <cstdio>
int n, at[16];
bool col[16], sum[32], dif[32];
void go(int r) {
    if (r == n) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) putchar(at[i] == j ? 'Q' : '.');
            putchar('\n');
        }
        putchar('\n');
        return;
    }
    for (int c = 0; c < n; c++) {
        if (col[c] || sum[r + c] || dif[r - c + n]) continue;
        col[c] = sum[r + c] = dif[r - c + n] = true;
        at[r] = c;
        go(r + 1);
        col[c] = sum[r + c] = dif[r - c + n] = false;
    }
}
int main() {
    scanf("%d", &n);
    go(0);
    return 0;
}
"#;

/// [`QUEENS_CPP`] as C11.
pub fn queens_c() -> String {
    QUEENS_CPP.replace("#include <cstdio>", "#include <stdio.h>\n#include <stdbool.h>")
}

/// Correct AcWing 843 programs in several files, one per language, each as (file, text) pairs in
/// its folder: a C header beside two units; C++ with its header in `include/` (built with `-I`);
/// Java classes in `package lab`, handed in flat; a Rust crate root with a module; Python's
/// `main.py` importing its search.
pub fn projects() -> Vec<(&'static str, Vec<(&'static str, String)>)> {
    let search = QUEENS_CPP.split("int main()").next().unwrap().replace("#include <cstdio>\n", "");
    let unit = |header: &str| format!("#include \"{header}\"\n{}void solve(int k) {{ n = k; go(0); }}\n", search);
    let main = |header: &str| {
        format!(
            "#include \"{header}\"\nint main(void) {{ int n; if (scanf(\"%d\", &n) != 1) return 1; solve(n); return 0; }}\n"
        )
    };
    let java_search = "package lab;\nclass Board {\n    int n; int[] c; StringBuilder out = new StringBuilder();\n    String solve(int size) { n = size; c = new int[n]; go(0); return out.toString(); }\n    void go(int r) {\n        if (r == n) { for (int i = 0; i < n; i++) { for (int j = 0; j < n; j++) out.append(c[i] == j ? 'Q' : '.'); out.append('\\n'); } out.append('\\n'); return; }\n        for (int j = 0; j < n; j++) { boolean ok = true; for (int i = 0; i < r; i++) if (c[i] == j || Math.abs(c[i] - j) == r - i) ok = false; if (ok) { c[r] = j; go(r + 1); } }\n    }\n}\n";
    let java_main = "package lab;\nimport java.util.Scanner;\n/** Prints every board: a public static void main(String[] a) in a comment is none. */\npublic class Main {\n    public static void main(String[] a) { System.out.print(new Board().solve(new Scanner(System.in).nextInt())); }\n}\n";
    let rust_board = "pub fn go(n: usize, r: usize, at: &mut Vec<usize>, out: &mut String) {\n    if r == n {\n        for &c in at.iter() { for j in 0..n { out.push(if c == j { 'Q' } else { '.' }); } out.push('\\n'); }\n        out.push('\\n');\n        return;\n    }\n    for c in 0..n {\n        if (0..r).all(|i| at[i] != c && at[i].abs_diff(c) != r - i) { at.push(c); go(n, r + 1, at, out); at.pop(); }\n    }\n}\n";
    let rust_main = "mod board;\nuse std::io::Read;\nfn main() {\n    let mut s = String::new();\n    std::io::stdin().read_to_string(&mut s).unwrap();\n    let mut out = String::new();\n    board::go(s.trim().parse().unwrap(), 0, &mut Vec::new(), &mut out);\n    print!(\"{out}\");\n}\n";
    let py_board = "def boards(n):\n    out = []\n    def go(r, cols):\n        if r == n:\n            out.extend('.' * c + 'Q' + '.' * (n - c - 1) for c in cols)\n            out.append('')\n            return\n        for c in range(n):\n            if all(c != d and abs(c - d) != r - i for i, d in enumerate(cols)):\n                go(r + 1, cols + [c])\n    go(0, [])\n    return out\n";
    let py_main = "import sys\nfrom board import boards\nprint('\\n'.join(boards(int(sys.stdin.read()))))\n";
    vec![
        (
            "c",
            vec![
                ("queens.h", "#include <stdio.h>\n#include <stdbool.h>\nvoid solve(int n);\n".to_string()),
                ("main.c", main("queens.h")),
                ("queens.c", unit("queens.h")),
            ],
        ),
        (
            "cpp",
            vec![
                ("include/board.hpp", "#include <cstdio>\n#include <vector>\nvoid solve(int n);\n".to_string()),
                ("src/main.cpp", main("board.hpp")),
                ("src/board.cpp", BITS_CPP.to_string()),
            ],
        ),
        ("java", vec![("Main.java", java_main.to_string()), ("Board.java", java_search.to_string())]),
        ("rust", vec![("main.rs", rust_main.to_string()), ("board.rs", rust_board.to_string())]),
        ("python", vec![("main.py", py_main.to_string()), ("board.py", py_board.to_string())]),
    ]
}

/// A search by bitmasks, the C++ unit of [`projects`]: a program of its own, no copy of the others.
const BITS_CPP: &str = r#"#include "board.hpp"
static int size;
static std::vector<int> place;
static void search(int row, unsigned cols, unsigned left, unsigned right) {
    if (row == size) {
        for (int r = 0; r < size; r++) {
            for (int c = 0; c < size; c++) std::putchar(place[r] == c ? 'Q' : '.');
            std::putchar('\n');
        }
        std::putchar('\n');
        return;
    }
    unsigned all = (1u << size) - 1;
    for (int c = 0; c < size; c++) {
        unsigned bit = 1u << c;
        if ((cols | left | right) & bit) continue;
        place[row] = c;
        search(row + 1, cols | bit, ((left | bit) << 1) & all, (right | bit) >> 1);
    }
}
void solve(int n) { size = n; place.assign(n, 0); search(0, 0, 0, 0); }
"#;

/// Writes each of `files` (a path in `dir`, and its text), making its folders.
pub fn write_all(dir: &Path, files: &[(&str, String)]) {
    for (file, text) in files {
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
}

/// A Python row search that writes its steps on stderr (`place R C`, `remove R C`: the contract
/// of `labs trace --own`) and its boards in AcWing's format, a square safe when `check` holds
/// against every queen `(s, d)` already placed; `header` is printed first.
pub fn searching_py(check: &str, header: &str) -> String {
    format!(
        "import sys\nn = int(input())\ncols = []\n{header}\
         def ok(r, c):\n    return all({check} for s, d in enumerate(cols))\n\
         def place(r):\n    if r == n:\n        for c in cols: print('.' * c + 'Q' + '.' * (n - 1 - c))\n        print()\n        return\n\
         \x20   for c in range(n):\n        if ok(r, c):\n            cols.append(c); print('place', r, c, file=sys.stderr)\n\
         \x20           place(r + 1)\n            cols.pop(); print('remove', r, c, file=sys.stderr)\n\
         place(0)\n"
    )
}

/// [`searching_py`]'s check of every line but a row's (one queen a row by construction).
pub const EVERY_LINE: &str = "c != d and abs(r - s) != abs(c - d)";

/// The check without the `/` anti-diagonal.
pub const NO_ANTI_DIAGONAL: &str = "c != d and r - s != c - d";
