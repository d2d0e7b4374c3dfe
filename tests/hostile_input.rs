//! `doku solve` on the inputs people actually feed it: typos, wrong sizes,
//! stray bytes, empty and enormous files. Each gets a message naming the
//! source, line and column (or both clashing cells), exit status 2, no
//! panic, and memory that stays flat however large the input.

use assert_cmd::Command;
use predicates::prelude::*;
use rand::{Rng, SeedableRng};
use std::io::Write;
use std::path::Path;

const NINE: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn doku() -> Command {
    Command::cargo_bin("doku").unwrap()
}

/// Runs `doku solve` on `input` given on stdin; checks exit status 2, no
/// panic, and that stderr holds every fragment.
fn rejects(input: &[u8], fragments: &[&str]) {
    let output = doku().arg("solve").write_stdin(input).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    for fragment in fragments {
        assert!(
            stderr.contains(fragment),
            "missing {fragment:?} in: {stderr}"
        );
    }
}

#[test]
fn lines_of_the_wrong_length() {
    rejects(
        b"12345\n",
        &[
            "standard input: line 1: 5 cells",
            "81 for 9x9",
            "first row of a 5x5",
        ],
    );
    rejects(&NINE.as_bytes()[..80], &["line 1: 80 cells", "81 for 9x9"]);
    let mut long = NINE.to_string();
    long.push('1');
    rejects(long.as_bytes(), &["line 1: 82 cells"]);
    // A block whose third row is short.
    let block = "123456789\n456789123\n78912345\n";
    rejects(
        block.as_bytes(),
        &["line 3: 8 cells", "row 3 of the puzzle from line 1 needs 9"],
    );
    // A block cut off by the end of input.
    rejects(b"1234\n3412\n", &["line 1", "ends after 2 of its 4 rows"]);
}

#[test]
fn stray_symbols_name_line_and_column() {
    let mut stray = NINE.to_string();
    stray.replace_range(80..81, "!");
    rejects(stray.as_bytes(), &["line 1, column 81: '!' is not a cell"]);
    let block = "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | @ 3\n4 3 | 2 1\n";
    rejects(block.as_bytes(), &["line 4, column 7: '@' is not a cell"]);
    rejects(
        b"1,2,x,4\n",
        &["line 1, column 5: 'x' is not a cell", "a number"],
    );
    rejects(b"12\x0734\n", &["column 3: control character U+0007"]);
    // Pasted from a web page: characters that show as nothing or a space
    // are named by code point, others quoted with it.
    rejects(
        "4.1.\u{200b}...43.4..4.1\n".as_bytes(),
        &["line 1, column 5: invisible character U+200B is not a cell"],
    );
    rejects(
        "4.1.\u{a0}...43.4..4.1\n".as_bytes(),
        &["column 5: invisible character U+00A0"],
    );
    rejects(
        "4.1.é...43.4..4.1\n".as_bytes(),
        &["column 5: 'é' (U+00E9) is not a cell"],
    );
}

#[test]
fn symbols_out_of_range_for_the_size() {
    // 16 cells holding a 5: not a 4x4 puzzle; the message names the 5.
    rejects(
        b"1234.......5....\n",
        &[
            "line 1, column 12: '5' is not a cell",
            "on a 4x4 board",
            "first row of a 16x16",
        ],
    );
    // 81 cells holding a letter: the letter, not the length.
    let mut letter = NINE.to_string();
    letter.replace_range(80..81, "A");
    rejects(
        letter.as_bytes(),
        &["line 1, column 81: 'A' is not a cell (1-9"],
    );
    // With the box shape given, the message is about that board alone.
    doku()
        .args(["solve", "--boxes", "2x2", "1234.......5...."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "column 12: '5' is not a cell (1-4",
        ));
    // A number too large in CSV.
    let mut csv = String::new();
    for r in 0..9 {
        let row: Vec<&str> = (0..9)
            .map(|c| if (r, c) == (4, 2) { "10" } else { "0" })
            .collect();
        csv.push_str(&row.join(","));
        csv.push('\n');
    }
    // It stands on row 5, line 5 (not line 1, where the board starts).
    rejects(
        csv.as_bytes(),
        &["line 5, column 5: '10' is not a cell (1-9"],
    );
}

#[test]
fn broken_givens_name_both_cells() {
    let mut clash = NINE.to_string();
    clash.replace_range(1..2, "5"); // 5 at r1c1 and r1c2
    rejects(
        clash.as_bytes(),
        &["line 1", "r1c1 and r1c2 both hold 5", "row 1"],
    );
    let column = "1...\n....\n1...\n....\n";
    rejects(
        column.as_bytes(),
        &["r1c1 and r3c1 both hold 1", "column 1"],
    );
    let boxed = "12..\n21..\n....\n....\n";
    rejects(boxed.as_bytes(), &["both hold", "box"]);
}

/// No puzzle is unreadable input (exit status 2, as a bad puzzle is), and
/// doku says which source held none.
#[test]
fn an_empty_file_is_named_not_silent() {
    let tmp = tempfile::tempdir().unwrap();
    let empty = tmp.path().join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    doku()
        .args(["solve", "--file"])
        .arg(&empty)
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("empty.txt: no puzzle in it"));
    doku()
        .arg("solve")
        .write_stdin("# only a comment\n\n\n")
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains("standard input: no puzzle in it"));
}

#[test]
fn non_utf8_bytes_are_named() {
    let mut bytes = NINE.as_bytes().to_vec();
    bytes[5] = 0xff;
    rejects(&bytes, &["line 1, column 6: a byte that is not UTF-8"]);
    let mut block = b"1234\n34".to_vec();
    block.extend_from_slice(b"\xc3\x28\n");
    rejects(&block, &["line 2, column 3: a byte that is not UTF-8"]);
}

/// Regression: a CSV row whose numbers were all at most 3 (or 4 for 16
/// cells) was read as a whole 3x3 (4x4) puzzle, so a 9x9 CSV that opened
/// with such a row fell apart into nonsense errors.
#[test]
fn csv_rows_of_small_numbers_stay_rows() {
    let board = doku::engine::format::parse_puzzle(NINE, Default::default()).unwrap();
    let csv = doku::engine::format::write_csv(&board);
    // Swap the digits so the first row holds only 1-3: relabel 5<->1, 7<->2.
    let relabelled: String = csv
        .chars()
        .map(|c| match c {
            '5' => '1',
            '1' => '5',
            '7' => '2',
            '2' => '7',
            other => other,
        })
        .collect();
    assert!(
        relabelled.starts_with("1,3,0,0,2,0,0,0,0\n"),
        "{relabelled}"
    );
    let solved = doku()
        .arg("solve")
        .write_stdin(relabelled.clone())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let line = String::from_utf8(solved).unwrap();
    assert_eq!(line.trim().len(), 81, "{line}");
    // The 16x16 CSV doku writes for a sparse board reads back too.
    let sixteen: String = (0..256)
        .map(|i| {
            if i % 17 == 0 {
                b"123456789ABCDEFG"[i / 17] as char
            } else {
                '.'
            }
        })
        .collect();
    let sixteen = doku::engine::format::parse_puzzle(&sixteen, Default::default()).unwrap();
    let csv16 = doku::engine::format::write_csv(&sixteen);
    let again = doku::engine::format::parse_puzzle(&csv16, Default::default()).unwrap();
    assert_eq!(again, sixteen);
}

/// Peak resident memory of `doku solve --file path`, in KiB, measured by
/// GNU time; `None` where /usr/bin/time is missing.
fn solve_file_measured(path: &Path) -> (std::process::Output, Option<u64>) {
    let doku = assert_cmd::cargo::cargo_bin("doku");
    if Path::new("/usr/bin/time").exists() {
        let output = std::process::Command::new("/usr/bin/time")
            .args(["-f", "max-rss-kib=%M"])
            .arg(&doku)
            .arg("solve")
            .arg("--file")
            .arg(path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        let rss = stderr
            .lines()
            .filter_map(|l| l.strip_prefix("max-rss-kib="))
            .next_back()
            .and_then(|v| v.trim().parse().ok());
        (output, rss)
    } else {
        eprintln!("/usr/bin/time is missing: peak memory not measured");
        let output = std::process::Command::new(&doku)
            .args(["solve", "--file"])
            .arg(path)
            .output()
            .unwrap();
        (output, None)
    }
}

const FIFTY_MB: usize = 50 * 1024 * 1024;

/// Well under the 50 MB input: reading streams, so a large file costs no
/// more than a small one.
const FLAT_RSS_LIMIT_KIB: u64 = 24 * 1024;

fn write_garbage(path: &Path, newlines: bool) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
    let mut file = std::io::BufWriter::new(std::fs::File::create(path).unwrap());
    let mut chunk = vec![0u8; 1 << 20];
    for _ in 0..FIFTY_MB / chunk.len() {
        rng.fill(&mut chunk[..]);
        if !newlines {
            // No line ends at all: a CR ends a line too.
            for b in chunk.iter_mut().filter(|b| **b == b'\n' || **b == b'\r') {
                *b = b'5';
            }
        }
        file.write_all(&chunk).unwrap();
    }
    file.flush().unwrap();
}

#[test]
fn fifty_megabytes_of_garbage_get_a_clear_error_in_flat_memory() {
    let tmp = tempfile::tempdir().unwrap();
    for (newlines, expected) in [
        (true, "line 1"),
        (false, "line 1: longer than 65536 bytes; not a puzzle"),
    ] {
        let path = tmp.path().join(if newlines {
            "lines.bin"
        } else {
            "one-line.bin"
        });
        write_garbage(&path, newlines);
        let (output, rss) = solve_file_measured(&path);
        let stderr = String::from_utf8_lossy(&output.stderr);
        let first = stderr.lines().next().unwrap_or_default();
        assert_eq!(output.status.code(), Some(2), "{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert!(first.contains(&path.display().to_string()), "{first}");
        assert!(first.contains(expected), "{first}");
        if let Some(kib) = rss {
            eprintln!("newlines={newlines}: peak RSS {kib} KiB for a {FIFTY_MB}-byte file");
            assert!(kib < FLAT_RSS_LIMIT_KIB, "peak RSS {kib} KiB");
        }
    }
}

#[test]
fn fifty_megabytes_of_one_symbol_without_newlines() {
    let tmp = tempfile::tempdir().unwrap();
    let path = tmp.path().join("fives.txt");
    std::fs::write(&path, vec![b'5'; FIFTY_MB]).unwrap();
    let (output, rss) = solve_file_measured(&path);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("line 1: longer than 65536 bytes"),
        "{stderr}"
    );
    if let Some(kib) = rss {
        eprintln!("fives: peak RSS {kib} KiB");
        assert!(kib < FLAT_RSS_LIMIT_KIB, "peak RSS {kib} KiB");
    }
}
