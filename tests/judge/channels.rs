//! Nothing carries from one run to the next through what the kernel keeps: a run stores a
//! value, and a later run (another `labs judge`, as the next student or a later grader would be)
//! looks for it; the reader exits 3 if it found it, else answers right. One test per channel,
//! each in every mode (root and a user, sandbox on and off), each mode's channels as docs/judge.md
//! tabulates them: the kernel's keyrings are closed everywhere (the seccomp filter refuses them
//! with `EPERM`, which the writer survives: it is still Accepted); SysV IPC, POSIX message queues,
//! abstract unix sockets, `/dev/shm` and `/tmp` are closed in the sandbox (its own IPC and network
//! namespaces, its own `/tmp` and `/dev/shm`) and open out of it, where the test only says what
//! it found (a machine without POSIX message queues has that one closed too). An abstract socket
//! lives only while its listener does, so its two runs are judged at once. After each mode
//! nothing the test started is alive, and what an open channel left is removed.

use super::{judge_as, judge_as_command, sandbox_judged};
use crate::judging::{self, Watched, assert_nothing_survives, cc, stderr, stdout, verdicts, wait_until_running};
use std::path::{Path, PathBuf};

/// The hostile pair, one program named `<token>-<channel>-<role>`.
const CHANNEL: &str = r##"/* A hostile pair in one program: named <token>-<channel>-<role>, it leaves a value behind for
 * a later run (role "write", then the right answer), or looks for one (role "read": exit 3 if
 * found, else the right answer), or removes what a writer left (role "clean", run by the test
 * itself). Every creation is open to everyone (umask 0, mode 0666): root's runs may be two
 * slots' users. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/msg.h>
#include <sys/sem.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <stddef.h>

static const char ANSWER[] = ".Q..\n...Q\nQ...\n..Q.\n\n..Q.\nQ...\n...Q\n.Q..\n\n";
static char token[128], channel[32], role[16];

static int answer(void) { fputs(ANSWER, stdout); return 0; }
static int found(const char *how) { fprintf(stderr, "found the writer's value: %s\n", how); return 3; }
static key_t ipc_key(void) { unsigned h = 5381; for (char *c = token; *c; c++) h = h * 33 + (unsigned char)*c; return (key_t)(h & 0x3fffffff) | 1; }
static void sleep_ms(int ms) { struct timespec t = { ms / 1000, (ms % 1000) * 1000000L }; nanosleep(&t, 0); }

static int keyring(void) {
    if (!strcmp(role, "write")) {
        long id = syscall(SYS_add_key, "user", token, "secret", 6, -4 /* KEY_SPEC_USER_KEYRING */);
        if (id < 0) { perror("add_key"); return answer(); }
        if (syscall(SYS_keyctl, 5 /* KEYCTL_SETPERM */, id, 0x3f3f3f3f) < 0) perror("keyctl setperm");
        long s = syscall(SYS_add_key, "user", token, "secret", 6, -3 /* KEY_SPEC_SESSION_KEYRING */);
        if (s >= 0) syscall(SYS_keyctl, 5, s, 0x3f3f3f3f);
        return answer();
    }
    char buf[64];
    long id = syscall(SYS_request_key, "user", token, 0, 0);
    if (id >= 0 && syscall(SYS_keyctl, 11 /* KEYCTL_READ */, id, buf, sizeof buf) > 0) return found("request_key");
    FILE *keys = fopen("/proc/keys", "r");
    char line[512];
    while (keys && fgets(line, sizeof line, keys)) {
        if (!strstr(line, token)) continue;
        long id = strtol(line, 0, 16);
        if (syscall(SYS_keyctl, 11, id, buf, sizeof buf) > 0) return found("/proc/keys");
    }
    return answer();
}

static int sysv(void) {
    key_t key = ipc_key();
    int write_ = !strcmp(role, "write"), clean = !strcmp(role, "clean");
    int flags = write_ ? IPC_CREAT | 0666 : 0;
    if (!strcmp(channel, "shm")) {
        int id = shmget(key, 4096, flags);
        if (id < 0) return write_ ? (perror("shmget"), answer()) : answer();
        if (clean) return shmctl(id, IPC_RMID, 0);
        char *at = shmat(id, 0, 0);
        if (at == (void *)-1) return answer();
        if (write_) { strcpy(at, "secret"); return answer(); }
        return strcmp(at, "secret") ? answer() : found("shm");
    }
    if (!strcmp(channel, "msg")) {
        int id = msgget(key, flags);
        if (id < 0) return write_ ? (perror("msgget"), answer()) : answer();
        if (clean) return msgctl(id, IPC_RMID, 0);
        struct { long type; char text[8]; } m = { 1, "secret" };
        if (write_) { if (msgsnd(id, &m, sizeof m.text, IPC_NOWAIT)) perror("msgsnd"); return answer(); }
        memset(m.text, 0, sizeof m.text);
        return msgrcv(id, &m, sizeof m.text, 0, IPC_NOWAIT) > 0 && !strcmp(m.text, "secret") ? found("msg") : answer();
    }
    int id = semget(key, 1, flags);
    if (id < 0) return write_ ? (perror("semget"), answer()) : answer();
    if (clean) return semctl(id, 0, IPC_RMID);
    if (write_) { if (semctl(id, 0, SETVAL, 42)) perror("semctl"); return answer(); }
    return semctl(id, 0, GETVAL) == 42 ? found("sem") : answer();
}

static int mqueue(void) {
    char name[160];
    snprintf(name, sizeof name, "/%s", token);
    if (!strcmp(role, "clean")) return mq_unlink(name);
    if (!strcmp(role, "write")) {
        struct mq_attr attr = { .mq_maxmsg = 1, .mq_msgsize = 8 };
        mqd_t q = mq_open(name, O_CREAT | O_WRONLY | O_NONBLOCK, 0666, &attr);
        if (q == (mqd_t)-1) { perror("mq_open"); return answer(); }
        if (mq_send(q, "secret", 7, 0)) perror("mq_send");
        return answer();
    }
    mqd_t q = mq_open(name, O_RDONLY | O_NONBLOCK);
    char buf[8] = { 0 };
    return q != (mqd_t)-1 && mq_receive(q, buf, sizeof buf, 0) > 0 && !strcmp(buf, "secret") ? found("mqueue") : answer();
}

static int file(const char *dir) {
    char path[200];
    snprintf(path, sizeof path, "%s/%s", dir, token);
    if (!strcmp(role, "clean")) return unlink(path);
    if (!strcmp(role, "write")) {
        int fd = open(path, O_CREAT | O_WRONLY, 0666);
        if (fd < 0 || write(fd, "secret", 6) != 6) perror(path);
        return answer();
    }
    char buf[8] = { 0 };
    int fd = open(path, O_RDONLY);
    return fd >= 0 && read(fd, buf, 6) == 6 && !strcmp(buf, "secret") ? found(path) : answer();
}

/* An abstract socket lives only while its listener does: the writer listens for 5 s at most,
 * the reader tries to connect for 3 s at most (the two runs are judged at once). */
static int abstract(void) {
    struct sockaddr_un at = { .sun_family = AF_UNIX };
    snprintf(at.sun_path + 1, sizeof at.sun_path - 1, "%s", token);
    socklen_t len = offsetof(struct sockaddr_un, sun_path) + 1 + strlen(token);
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    if (!strcmp(role, "write")) {
        if (bind(s, (struct sockaddr *)&at, len) || listen(s, 1)) { perror("bind"); return answer(); }
        fcntl(s, F_SETFL, O_NONBLOCK);
        for (int i = 0; i < 200; i++) {
            int c = accept(s, 0, 0);
            if (c >= 0) { write(c, "secret", 6); break; }
            sleep_ms(10);
        }
        return answer();
    }
    for (int i = 0; i < 150; i++) {
        if (connect(s, (struct sockaddr *)&at, len) == 0) {
            char buf[8] = { 0 };
            return read(s, buf, 6) == 6 ? found("abstract socket") : answer();
        }
        sleep_ms(10);
    }
    return answer();
}

int main(int argc, char **argv) {
    (void)argc;
    const char *name = strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
    /* <token>-<channel>-<role>: the last two dashes part them. */
    const char *last = strrchr(name, '-');
    if (!last) return 2;
    const char *middle = last - 1;
    while (middle > name && *middle != '-') middle--;
    snprintf(token, sizeof token, "%.*s", (int)(middle - name), name);
    snprintf(channel, sizeof channel, "%.*s", (int)(last - middle - 1), middle + 1);
    snprintf(role, sizeof role, "%s", last + 1);
    umask(0);
    if (!strcmp(channel, "keyring")) return keyring();
    if (!strcmp(channel, "shm") || !strcmp(channel, "msg") || !strcmp(channel, "sem")) return sysv();
    if (!strcmp(channel, "mqueue")) return mqueue();
    if (!strcmp(channel, "devshm")) return file("/dev/shm");
    if (!strcmp(channel, "tmp")) return file("/tmp");
    if (!strcmp(channel, "abstract")) return abstract();
    return 2;
}
"##;

/// The modes a channel is tried in: who runs `labs`, and `--sandbox`.
const MODES: [(&str, &str); 4] = [("root", "on"), ("root", "off"), ("user", "on"), ("user", "off")];

/// Whether `channel` is closed between runs under `--sandbox <sandbox>`, as docs/judge.md says.
fn closed(channel: &str, sandbox: &str) -> bool {
    channel == "keyring" || sandbox == "on"
}

/// A copy of the built pair as `<token>-<channel>-<role>` in `dir`.
fn role(built: &Path, token: &str, channel: &str, role: &str) -> PathBuf {
    let path = built.with_file_name(format!("{token}-{channel}-{role}"));
    std::fs::copy(built, &path).unwrap();
    path
}

/// A writer's run, then a reader's (at once for an abstract socket), in every mode: the reader is
/// Accepted where `channel` is closed, and the writer always.
fn nothing_carries_through(channel: &str) {
    let tag = format!("channel-{channel}");
    if judging::skip_without_linux_backend(&tag, "the portable backend has no filter and no sandbox") {
        return;
    }
    // Out of /tmp (which the sandbox replaces) and open to nobody, who runs labs as a user.
    let dir = judging::outside_tmp(0o755);
    let built = cc(dir.path(), "channel", CHANNEL);
    let mut open_somewhere = Vec::new();
    for (k, (user, sandbox)) in MODES.into_iter().enumerate() {
        let this = format!("{tag} as {user}, --sandbox {sandbox}");
        let token = format!("labs{}{channel}{k}", std::process::id());
        let [writer, reader, cleaner] = ["write", "read", "clean"].map(|r| role(&built, &token, channel, r));
        let args = ["--time-limit", "5", "--sandbox", sandbox];
        let judged = if channel == "abstract" {
            let Some(mut command) = judge_as_command(user, &this, dir.path(), &args, &writer) else { continue };
            let writing =
                command.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).watched_spawn();
            wait_until_running(&writing, &writer.display().to_string());
            let read = judge_as(user, &this, dir.path(), &args, &reader);
            let written = sandbox_judged(&this, &args, writing.wait_with_output().unwrap());
            written.zip(read)
        } else {
            let Some(written) = judge_as(user, &this, dir.path(), &args, &writer) else { continue };
            judge_as(user, &this, dir.path(), &args, &reader).map(|read| (written, read))
        };
        let _ = std::process::Command::new(&cleaner).watched_output();
        let Some((written, read)) = judged else { continue };
        assert_eq!(verdicts(&written), ["AC Accepted"], "{this}: the writer: {}{}", stdout(&written), stderr(&written));
        let found = verdicts(&read) == ["RE Runtime Error"] && stdout(&read).contains("exit code 3");
        if closed(channel, sandbox) {
            assert_eq!(verdicts(&read), ["AC Accepted"], "{this}: the reader found it: {}", stdout(&read));
        } else if found {
            open_somewhere.push(this.clone());
        } else if channel == "tmp" {
            // /tmp is the host's out of the sandbox on every Linux: the reader finds what is there.
            panic!("{this}: the reader did not find the writer's file in /tmp: {}", stdout(&read));
        } else {
            eprintln!("{this}: open by docs/judge.md, closed on this machine: {}", stdout(&read));
        }
        assert_nothing_survives(&this);
    }
    eprintln!("{tag}: open (as docs/judge.md says) in: {open_somewhere:?}");
}

#[test]
fn no_key_of_the_kernels_keyrings_carries_between_runs() {
    nothing_carries_through("keyring");
}

#[test]
fn no_sysv_shared_memory_carries_between_runs_in_the_sandbox() {
    nothing_carries_through("shm");
}

#[test]
fn no_sysv_message_carries_between_runs_in_the_sandbox() {
    nothing_carries_through("msg");
}

#[test]
fn no_sysv_semaphore_carries_between_runs_in_the_sandbox() {
    nothing_carries_through("sem");
}

#[test]
fn no_posix_message_queue_carries_between_runs_in_the_sandbox() {
    nothing_carries_through("mqueue");
}

#[test]
fn no_file_in_dev_shm_carries_between_runs_in_the_sandbox() {
    nothing_carries_through("devshm");
}

#[test]
fn no_file_in_tmp_carries_between_runs_in_the_sandbox_and_out_of_it_one_does() {
    nothing_carries_through("tmp");
}

#[test]
fn no_abstract_socket_reaches_a_run_judged_at_once_in_the_sandbox() {
    nothing_carries_through("abstract");
}
