//! Standard output closed or full, standard error full: every subcommand
//! ends with its documented status, never a panic (exit 101).

use std::io::Read as _;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use super::{scratch, serbench, text};

/// What a command writes to standard output.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Prints {
    /// Output through the CLI's own writer.
    Output,
    /// Output to `/dev/stdout` as a file named on the command line.
    File,
    /// Nothing: it writes files and says what it did on standard error.
    Nothing,
    /// Nothing: it fails first (exit 1, one line).
    Fails,
}

/// Every subcommand, help and version, and an error path, with dumps in
/// `dir` to read.
fn commands(dir: &Path) -> Vec<(Vec<String>, Prints)> {
    let dumped = serbench(&[
        "dump",
        "--out",
        dir.to_str().expect("a UTF-8 path"),
        "--dataset",
        "media",
        "--dataset",
        "task-manager",
        "--codec",
        "json",
    ]);
    assert!(dumped.status.success(), "{}", text(&dumped.stderr));
    let path = |name: &str| dir.join(name).to_str().expect("a UTF-8 path").to_owned();
    let (media, tasks, again) = (path("media.json"), path("task-manager.json"), path("again"));
    let (media, tasks, again) = (media.as_str(), tasks.as_str(), again.as_str());
    let list: [(&[&str], Prints); 10] = [
        (&["list"], Prints::Output),
        (&["list", "--json"], Prints::Output),
        (&["--help"], Prints::Output),
        (&["--version"], Prints::Output),
        (&["check", "--help"], Prints::Output),
        (
            &["check", "--dataset", "media", "--codec", "json", media],
            Prints::Output,
        ),
        (
            &[
                "convert",
                "--dataset",
                "task-manager",
                "--from",
                "json",
                "--to",
                "json",
                tasks,
                "/dev/stdout",
            ],
            Prints::File,
        ),
        (
            &[
                "dump",
                "--out",
                again,
                "--dataset",
                "media",
                "--codec",
                "json",
            ],
            Prints::Nothing,
        ),
        (
            &[
                "check",
                "--dataset",
                "media",
                "--codec",
                "json",
                "/nonexistent",
            ],
            Prints::Fails,
        ),
        (
            &["check", "--dataset", "media", "--codec", "json", tasks],
            Prints::Fails,
        ),
    ];
    list.iter()
        .map(|(args, prints)| (args.iter().map(|&a| a.to_owned()).collect(), *prints))
        .collect()
}

fn run(args: &[String], stdout: impl Into<Stdio>, stderr: impl Into<Stdio>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_serbench"))
        .args(args)
        .stdout(stdout)
        .stderr(stderr)
        .output()
        .expect("serbench runs")
}

fn no_panic(args: &[String], how: &str, output: &Output) {
    let stderr = text(&output.stderr);
    assert!(
        output.status.code() != Some(101) && !stderr.contains("panicked"),
        "serbench {args:?} {how}: {:?}\n{stderr}",
        output.status
    );
}

/// `serbench ARGS` writing into a pipe whose reader has already gone, as
/// in `serbench list --json | head -c 10` once `head` has its bytes: a
/// quiet exit 0 (1 where the command failed first, with its one line).
#[test]
fn stops_quietly_when_the_reader_leaves() {
    let dir = scratch("closed-pipe");
    for (args, prints) in commands(&dir) {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let output = run(&args, writer, Stdio::piped());
        no_panic(&args, "into a closed pipe", &output);
        let stderr = text(&output.stderr);
        if prints == Prints::Fails {
            assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            continue;
        }
        assert!(
            output.status.success(),
            "serbench {args:?} into a closed pipe: {:?}\n{stderr}",
            output.status
        );
        // `error:` opens the binary's error line; a bare `error` may be
        // part of a path it names.
        assert!(
            !stderr.contains("Broken pipe") && !stderr.contains("error:"),
            "serbench {args:?} into a closed pipe said:\n{stderr}"
        );
    }
}

/// A reader that takes the first bytes of a large output and leaves, as
/// `serbench convert … /dev/stdout | head -c 600` does: the output is far
/// larger than a pipe holds, so serbench is still writing when it goes.
#[test]
fn stops_quietly_when_the_reader_leaves_midway() {
    let dir = scratch("pipe-midway");
    let commands = commands(&dir);
    let (args, _) = commands
        .iter()
        .find(|(args, _)| args[0] == "convert")
        .expect("the convert command");
    let mut child = Command::new(env!("CARGO_BIN_EXE_serbench"))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("serbench runs");
    let mut head = [0; 600];
    child
        .stdout
        .take()
        .expect("its output")
        .read_exact(&mut head)
        .expect("the first 600 bytes");
    let output = child.wait_with_output().expect("serbench ends");
    no_panic(args, "into a pipe closed midway", &output);
    assert!(output.status.success(), "{}", text(&output.stderr));
    assert!(head.starts_with(b"{\"user\":"), "{}", text(&head));
}

/// `serbench ARGS > /dev/full`: one line saying so and exit 1 for a
/// command that prints; a command that prints nothing is not hurt.
#[cfg(target_os = "linux")]
#[test]
fn says_when_standard_output_is_full() {
    let dir = scratch("full");
    for (args, prints) in commands(&dir) {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let output = run(&args, full, Stdio::piped());
        no_panic(&args, "> /dev/full", &output);
        let stderr = text(&output.stderr);
        if prints == Prints::Nothing {
            assert!(output.status.success(), "{args:?}: {stderr}");
            continue;
        }
        assert_eq!(output.status.code(), Some(1), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: one line: {stderr}");
        let says = match prints {
            Prints::Output => "error: cannot write to standard output: ",
            Prints::File => "error: cannot write /dev/stdout: ",
            _ => "error: ",
        };
        assert!(stderr.starts_with(says), "{args:?}: {stderr}");
    }
}

/// `serbench ARGS 2> /dev/full`: the messages are lost, the exit status is
/// the one the command would have had.
#[cfg(target_os = "linux")]
#[test]
fn keeps_its_status_when_standard_error_is_full() {
    let dir = scratch("stderr-full");
    for (args, prints) in commands(&dir) {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full");
        let output = run(&args, Stdio::null(), full);
        let want = i32::from(prints == Prints::Fails);
        assert_eq!(
            output.status.code(),
            Some(want),
            "serbench {args:?} 2> /dev/full"
        );
    }
    let usage = run(
        &["check".to_owned(), "--codec".to_owned(), "nope".to_owned()],
        Stdio::null(),
        std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full"),
    );
    assert_eq!(usage.status.code(), Some(2), "a usage error 2> /dev/full");
}
