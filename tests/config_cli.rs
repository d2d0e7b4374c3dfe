//! The real binary on every invalid file in `tests/invalid_configs`: it must
//! print the file's expected message on stderr, exit with status 2, and not
//! touch the terminal (nothing on stdout, which is not a terminal here).

use assert_cmd::Command;
use std::path::{Path, PathBuf};

fn invalid_configs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/invalid_configs");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

fn expected_fragment(path: &Path) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = String::from_utf8_lossy(&bytes);
    text.lines()
        .next()
        .and_then(|line| line.strip_prefix("# expect: "))
        .unwrap_or_else(|| panic!("{}: no `# expect: ` first line", path.display()))
        .to_owned()
}

fn doku(args: &[&std::ffi::OsStr]) -> std::process::Output {
    Command::cargo_bin("doku")
        .unwrap_or_else(|e| panic!("no doku binary: {e}"))
        .args(args)
        .env_remove("NO_COLOR")
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .output()
        .unwrap_or_else(|e| panic!("running doku: {e}"))
}

/// Until the game is wired to the config (the `tui` branch does it), the
/// binary has nothing that loads it; say so instead of failing every file.
fn binary_loads_config() -> bool {
    let probe = invalid_configs().into_iter().next();
    let Some(probe) = probe else { return false };
    let output = doku(&["--config".as_ref(), probe.as_os_str()]);
    let loads = !String::from_utf8_lossy(&output.stderr).contains("not built yet");
    if !loads {
        eprintln!("doku does not load its config yet: binary checks skipped");
    }
    loads
}

#[test]
fn the_binary_rejects_every_invalid_config_before_taking_the_terminal() {
    if !binary_loads_config() {
        return;
    }
    let mut failures = Vec::new();
    for path in invalid_configs() {
        let expect = expected_fragment(&path);
        for subcommand in [None, Some("play")] {
            let mut args: Vec<&std::ffi::OsStr> = subcommand.iter().map(|s| s.as_ref()).collect();
            args.extend(["--config".as_ref(), path.as_os_str()]);
            let output = doku(&args);
            let stderr = String::from_utf8_lossy(&output.stderr);
            let ok = output.status.code() == Some(2)
                && output.stdout.is_empty()
                && stderr.contains(&expect)
                && stderr.contains(&path.display().to_string())
                && stderr.lines().count() == 1;
            if !ok {
                failures.push(format!(
                    "doku {args:?}: status {:?}\n  expected: {expect}\n  stderr:   {stderr}  stdout: {} bytes",
                    output.status.code(),
                    output.stdout.len()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_missing_config_file_is_an_error_not_a_silent_default() {
    if !binary_loads_config() {
        return;
    }
    let output = doku(&["--config".as_ref(), "/nonexistent/doku.toml".as_ref()]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("/nonexistent/doku.toml: cannot read: no such file"),
        "{stderr}"
    );
}

#[test]
fn the_batch_commands_reject_a_missing_or_invalid_config_they_are_given() {
    // `--config` shows in every command's help; solve, grade, generate,
    // latin and stats used to accept any path at all and exit 0.
    let invalid = invalid_configs()
        .into_iter()
        .next()
        .expect("an invalid config");
    let missing = PathBuf::from("/nonexistent/doku.toml");
    let commands: [&[&str]; 5] = [
        &["solve", "0000000000000000"],
        &["grade", "2.1..........1.4"],
        &["generate", "--size", "4", "--seed", "1"],
        &["latin", "3"],
        &["stats"],
    ];
    for command in commands {
        for (path, expect) in [
            (&missing, "cannot read: no such file".to_string()),
            (&invalid, expected_fragment(&invalid)),
        ] {
            let mut args: Vec<&std::ffi::OsStr> = command.iter().map(|s| s.as_ref()).collect();
            args.extend(["--config".as_ref(), path.as_os_str()]);
            let output = doku(&args);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(2), "doku {args:?}: {stderr}");
            assert!(output.stdout.is_empty(), "doku {args:?} printed output");
            assert!(
                stderr.contains(&path.display().to_string()) && stderr.contains(&expect),
                "doku {args:?}: {stderr}"
            );
        }
    }
    // A valid one changes nothing.
    let good = tempfile::tempdir().expect("temp dir");
    let path = good.path().join("config.toml");
    std::fs::write(&path, "theme = \"light\"\n").expect("config");
    let output = doku(&[
        "solve".as_ref(),
        "--config".as_ref(),
        path.as_os_str(),
        "0000000000000000".as_ref(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "1234341221434321\n"
    );
}
