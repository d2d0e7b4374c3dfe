//! The autosave on disk: round trips, the version field, damaged files moved
//! aside and kept, the lock between two games, and `kill -9` in the middle
//! of writing.

use doku::storage::{Autosave, Found, LoadError, StateDir};
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Stands in for the game: nested values, a u64 seed beyond i64, text.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct FakeGame {
    seed: u64,
    entries: Vec<u8>,
    notes: Vec<Vec<u8>>,
    undo: Vec<(u16, u8, u8)>,
    elapsed_ms: u64,
    difficulty: Option<String>,
}

fn game(n: u8) -> FakeGame {
    FakeGame {
        seed: u64::MAX - u64::from(n),
        entries: (0..81).map(|i| (i + n) % 10).collect(),
        notes: vec![vec![1, 2, 3], vec![], vec![9]],
        undo: vec![(0, 0, n), (80, n, 0)],
        elapsed_ms: 1234 * u64::from(n),
        difficulty: Some("hard".into()),
    }
}

/// Held while this test process forks (the kill -9 test spawns children)
/// and while tests take the save's lock: a child forked in that moment
/// holds a copy of every descriptor until its exec has closed them, and so
/// a lock a test has just let go of, which would then see "another doku".
static FORKING: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn guard() -> std::sync::MutexGuard<'static, ()> {
    FORKING
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

fn open(dir: &Path) -> doku::storage::Opened<FakeGame> {
    let _forking = guard();
    Autosave::open(Ok(StateDir::new(dir)))
}

fn open_game(dir: &Path) -> doku::storage::Opened<doku::storage::SavedGame> {
    let _forking = guard();
    Autosave::open_game(Ok(StateDir::new(dir)))
}

fn corrupt_files(dir: &Path) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".corrupt"))
        .collect();
    found.sort();
    found
}

#[test]
fn a_saved_game_comes_back_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let first = open(tmp.path());
    assert!(matches!(first.found, Found::Nothing));
    assert!(first.autosave.is_on());
    first.autosave.save(&game(1)).unwrap();
    first.autosave.save(&game(2)).unwrap();
    drop(first);

    let again = open(tmp.path());
    match again.found {
        Found::Game(g) => assert_eq!(g, game(2)),
        other => panic!("expected the saved game, got {other:?}"),
    }
}

#[test]
fn the_save_is_readable_json_with_a_version() {
    let tmp = tempfile::tempdir().unwrap();
    let opened = open(tmp.path());
    opened.autosave.save(&game(3)).unwrap();
    let path = opened.autosave.path().unwrap().to_path_buf();
    assert_eq!(path, tmp.path().join("game.json"));
    let text = fs::read_to_string(&path).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["version"], 1, "{text}");
    assert_eq!(value["doku"], "save", "{text}");
    assert_eq!(value["data"]["seed"], u64::MAX - 3, "{text}");
}

#[test]
fn discard_removes_the_save() {
    let tmp = tempfile::tempdir().unwrap();
    let opened = open(tmp.path());
    opened.autosave.save(&game(1)).unwrap();
    opened.autosave.discard().unwrap();
    opened.autosave.discard().unwrap();
    drop(opened);
    let found = open(tmp.path()).found;
    assert!(matches!(found, Found::Nothing), "{found:?}");
}

/// Each kind of damage: reported with its reason, moved to a `.corrupt`
/// file that keeps the exact bytes, and the next save starts clean.
#[test]
fn unreadable_saves_are_reported_and_kept_aside() {
    let valid = {
        let tmp = tempfile::tempdir().unwrap();
        let opened = open(tmp.path());
        opened.autosave.save(&game(4)).unwrap();
        fs::read(opened.autosave.path().unwrap()).unwrap()
    };
    let newer = String::from_utf8(valid.clone())
        .unwrap()
        .replace("\"version\": 1", "\"version\": 2");
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "truncated",
            valid[..valid.len() / 2].to_vec(),
            "not a doku saved game",
        ),
        ("empty", Vec::new(), "it is empty"),
        ("garbage", b"\x00\x01garbage\xff".to_vec(), "not text"),
        (
            "newer version",
            newer.into_bytes(),
            "written by a newer doku",
        ),
        (
            "wrong data",
            br#"{"doku": "save", "version": 1, "data": {"seed": "x"}}"#.to_vec(),
            "its data is damaged",
        ),
        (
            "stats file",
            br#"{"doku": "stats", "version": 1, "data": {}}"#.to_vec(),
            "not a saved game",
        ),
    ];
    for (name, bytes, reason) in cases {
        let tmp = tempfile::tempdir().unwrap();
        let save = tmp.path().join("game.json");
        fs::write(&save, &bytes).unwrap();
        let opened = open(tmp.path());
        let Found::Unreadable(err) = &opened.found else {
            panic!("{name}: expected a report, got {:?}", opened.found);
        };
        let message = opened.found.message().unwrap();
        let moved = err.moved_to().unwrap().to_path_buf();
        assert!(message.contains(reason), "{name}: {message}");
        assert!(
            message.contains(&save.display().to_string()),
            "{name}: {message}"
        );
        assert!(
            message.contains(&moved.display().to_string()),
            "{name}: {message}"
        );
        assert_eq!(
            fs::read(&moved).unwrap(),
            bytes,
            "{name}: bytes kept as they were"
        );
        assert!(!save.exists(), "{name}");
        // The game goes on and saves; the corrupt file is untouched.
        assert!(opened.autosave.is_on(), "{name}");
        opened.autosave.save(&game(5)).unwrap();
        assert_eq!(fs::read(&moved).unwrap(), bytes, "{name}");
        assert_eq!(corrupt_files(tmp.path()), [moved], "{name}");
    }
}

#[test]
fn repeated_corruption_never_overwrites_an_earlier_corrupt_file() {
    let tmp = tempfile::tempdir().unwrap();
    let save = tmp.path().join("game.json");
    for i in 0..3 {
        fs::write(&save, format!("garbage {i}")).unwrap();
        let opened = open(tmp.path());
        assert!(matches!(opened.found, Found::Unreadable(_)));
    }
    let kept: Vec<String> = corrupt_files(tmp.path())
        .iter()
        .map(|p| fs::read_to_string(p).unwrap())
        .collect();
    assert_eq!(kept.len(), 3, "{kept:?}");
    for i in 0..3 {
        assert!(kept.contains(&format!("garbage {i}")), "{kept:?}");
    }
}

#[test]
fn a_save_that_cannot_be_read_at_all_is_left_alone_and_not_written() {
    let tmp = tempfile::tempdir().unwrap();
    // A directory where the save should be: reading fails, but it is not
    // damage we may move aside.
    let save = tmp.path().join("game.json");
    fs::create_dir(&save).unwrap();
    fs::write(save.join("keep"), "mine").unwrap();
    let opened = open(tmp.path());
    let Found::Unreadable(LoadError::Io { .. }) = &opened.found else {
        panic!("expected an I/O report, got {:?}", opened.found);
    };
    assert!(!opened.autosave.is_on());
    opened.autosave.save(&game(1)).unwrap();
    assert_eq!(fs::read_to_string(save.join("keep")).unwrap(), "mine");
    assert!(corrupt_files(tmp.path()).is_empty());
}

#[test]
fn a_second_game_is_told_and_does_not_save_over_the_first() {
    let tmp = tempfile::tempdir().unwrap();
    let first = open(tmp.path());
    first.autosave.save(&game(1)).unwrap();

    let second = open(tmp.path());
    match &second.found {
        Found::OtherInstance { pid } => assert_eq!(*pid, Some(std::process::id())),
        other => panic!("expected another instance, got {other:?}"),
    }
    let message = second.found.message().unwrap();
    assert!(message.contains("Another doku"), "{message}");
    assert!(message.contains("not saved"), "{message}");
    assert!(!second.autosave.is_on());
    second.autosave.save(&game(9)).unwrap();
    second.autosave.discard().unwrap();

    drop(second);
    drop(first);
    match open(tmp.path()).found {
        Found::Game(g) => assert_eq!(g, game(1)),
        other => panic!("the first game's save was lost: {other:?}"),
    }
}

#[test]
fn no_state_directory_means_no_autosave_and_a_message() {
    let opened: doku::storage::Opened<FakeGame> = Autosave::open(StateDir::from_vars(None, None));
    assert!(!opened.autosave.is_on());
    let message = opened.found.message().unwrap();
    assert!(message.contains("not saved"), "{message}");
    assert!(message.contains("XDG_STATE_HOME"), "{message}");
}

#[test]
fn the_state_directory_is_created_private() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("state").join("doku");
    let opened = open(&dir);
    opened.autosave.save(&game(1)).unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }
}

/// Runs only as the child of `kill_9_mid_write_never_leaves_a_broken_save`:
/// saves bigger and bigger games as fast as it can until it is killed.
#[test]
#[ignore = "run by kill_9_mid_write_never_leaves_a_broken_save as a child process"]
fn child_saves_until_killed() {
    let Some(dir) = std::env::var_os("DOKU_TEST_SAVE_DIR") else {
        return;
    };
    let opened: doku::storage::Opened<FakeGame> = Autosave::open(Ok(StateDir::new(dir)));
    let mut g = game(0);
    println!("ready");
    for n in 0.. {
        g.elapsed_ms = n;
        g.undo.push((n as u16, 1, 2));
        opened.autosave.save(&g).unwrap();
    }
}

/// Fault injection: a process saving in a loop is killed with SIGKILL at
/// many moments; each time the save on disk is whole and readable.
#[cfg(unix)]
#[test]
fn kill_9_mid_write_never_leaves_a_broken_save() {
    use std::io::BufRead;
    let tmp = tempfile::tempdir().unwrap();
    let exe = std::env::current_exe().unwrap();
    let mut last_elapsed = 0;
    for round in 0..12u64 {
        let forking = guard();
        let mut child = Command::new(&exe)
            .args([
                "--exact",
                "child_saves_until_killed",
                "--ignored",
                "--nocapture",
            ])
            .env("DOKU_TEST_SAVE_DIR", tmp.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut out = std::io::BufReader::new(child.stdout.take().unwrap());
        let mut line = String::new();
        let deadline = Instant::now() + Duration::from_secs(20);
        while !line.contains("ready") && Instant::now() < deadline {
            line.clear();
            if out.read_line(&mut line).unwrap() == 0 {
                break;
            }
        }
        assert!(line.contains("ready"), "child did not start: {line:?}");
        // Only now is the child surely past exec, which closes its copies of
        // our descriptors (the kernel lets spawn return a moment before).
        drop(forking);
        std::thread::sleep(Duration::from_millis(5 + round * 7));
        child.kill().unwrap(); // SIGKILL
        child.wait().unwrap();

        match open(tmp.path()).found {
            Found::Game(g) => {
                assert_eq!(g.undo.len() as u64, g.elapsed_ms + 3, "round {round}");
                last_elapsed = last_elapsed.max(g.elapsed_ms);
            }
            Found::Nothing => {} // killed before its first save
            other => panic!("round {round}: the save broke: {other:?}"),
        }
        assert!(corrupt_files(tmp.path()).is_empty());
        let leftovers: Vec<_> = fs::read_dir(tmp.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .filter(|n| n.to_string_lossy().ends_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "round {round}: {leftovers:?}");
    }
    assert!(last_elapsed > 0, "the child never saved");
}

fn saved_game() -> doku::storage::SavedGame {
    use doku::storage::{encode_rows, SavedGame};
    let shape = doku::engine::Shape::sudoku(9).unwrap();
    let puzzle =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let givens: Vec<u8> = puzzle
        .bytes()
        .map(|b| if b == b'.' { 0 } else { b - b'0' })
        .collect();
    let mut entries = vec![0u8; 81];
    entries[2] = 4;
    SavedGame {
        size: 9,
        boxes: Some((3, 3)),
        variant: None,
        regions: Vec::new(),
        cages: Vec::new(),
        sums: String::new(),
        difficulty: Some(doku::engine::grader::Difficulty::Medium),
        seed: Some(u64::MAX),
        givens: encode_rows(shape, &givens),
        entries: encode_rows(shape, &entries),
        notes: [(3u16, 0b110u64)].into_iter().collect(),
        undo: vec![],
        redo: vec![],
        cursor: 2,
        notes_mode: true,
        elapsed_ms: 90_000,
        hints_used: 1,
        solve_counted: false,
        assisted: false,
        show_mistakes: false,
        mistakes: 0,
        colours: [(0u16, 2u8), (2, 6)].into_iter().collect(),
    }
}

#[test]
fn the_game_save_round_trips_and_reads_as_rows() {
    let tmp = tempfile::tempdir().unwrap();
    let opened = open_game(tmp.path());
    opened.autosave.save(&saved_game()).unwrap();
    let text = fs::read_to_string(tmp.path().join("game.json")).unwrap();
    assert!(text.contains("\"53..7....\""), "{text}");
    assert!(text.contains("\"..4......\""), "{text}");
    drop(opened);
    match open_game(tmp.path()).found {
        Found::Game(g) => assert_eq!(g, saved_game()),
        other => panic!("{other:?}"),
    }
}

/// Valid JSON holding an impossible game (a hand edit, a bug, an attack)
/// is refused before the game sees it, and kept aside like any damage.
#[test]
fn a_game_save_that_makes_no_sense_is_kept_aside() {
    let tmp = tempfile::tempdir().unwrap();
    let opened = open_game(tmp.path());
    let mut bad = saved_game();
    bad.cursor = 9999;
    opened.autosave.save(&bad).unwrap();
    drop(opened);
    let again = open_game(tmp.path());
    let message = again.found.message().unwrap_or_default();
    assert!(message.contains("does not make sense"), "{message}");
    assert!(message.contains("cursor: 9999"), "{message}");
    assert_eq!(corrupt_files(tmp.path()).len(), 1);
    assert!(again.autosave.is_on());
}

#[test]
fn the_crash_note_says_where_the_game_is_and_how_to_report() {
    let tmp = tempfile::tempdir().unwrap();
    let opened = open(tmp.path());
    let note = doku::storage::crash_note(opened.autosave.path());
    assert!(
        note.contains(&tmp.path().join("game.json").display().to_string()),
        "{note}"
    );
    assert!(note.contains("report"), "{note}");
    let unsaved = doku::storage::crash_note(Autosave::off().path());
    assert!(unsaved.contains("not being saved"), "{unsaved}");
}

/// A killer's save whose cage map was edited into nonsense is refused by
/// field, kept aside, and never overwritten.
#[test]
fn a_killer_save_with_broken_cages_is_kept_aside_and_named() {
    let tmp = tempfile::tempdir().unwrap();
    let opened = open_game(tmp.path());
    let mut killer = saved_game();
    killer.givens = vec![".........".to_string(); 9];
    killer.entries = vec![".........".to_string(); 9];
    killer.undo.clear();
    killer.variant = Some(doku::engine::Variant::Killer);
    // Nine 9-cell cages, one a row, each adding up to 45.
    killer.cages = (0..9)
        .map(|r| char::from(b'a' + r).to_string().repeat(9))
        .collect();
    killer.sums = (0..9)
        .map(|r| format!("{}=45", char::from(b'a' + r)))
        .collect::<Vec<_>>()
        .join(",");
    killer.check().expect("a killer of rows reads");
    let mut broken = killer.clone();
    // Rows 2 and 3 edited by hand: cage `b` now has 16 cells, more than
    // a 9x9 has digits, and `a` and `c` lose their shape.
    broken.cages[2] = "abbbbbbbb".to_string();
    broken.cages[1] = "cbbbbbbbb".to_string();
    opened.autosave.save(&broken).unwrap();
    drop(opened);
    let again = open_game(tmp.path());
    let message = again.found.message().unwrap_or_default();
    assert!(message.contains("does not make sense"), "{message}");
    assert!(message.contains("cages:"), "{message}");
    let kept = corrupt_files(tmp.path());
    assert_eq!(kept.len(), 1);
    let text = fs::read_to_string(&kept[0]).unwrap();
    assert!(text.contains("cbbbbbbbb"), "the broken save kept as it was");
    // The next save goes beside it, never over it.
    again.autosave.save(&killer).unwrap();
    assert_eq!(fs::read_to_string(&kept[0]).unwrap(), text);
}

#[test]
fn a_game_marking_its_mistakes_keeps_them_marked_and_counted_when_resumed() {
    use doku::engine::format::{parse_puzzle, ShapeHint};
    use doku::game::Game;
    let puzzle =
        "203610000580007000400080020802000007000305000600000402040070008000400071000061504";
    let now = Instant::now();
    let board = parse_puzzle(puzzle, ShapeHint::Infer).unwrap();
    let mut game = Game::new(board.clone(), None, now);
    game.set_known_solution(board.solution().unwrap());
    game.set_show_mistakes(true);
    game.set_cursor(0, 1);
    game.enter(1, now); // r1c2 is 9
    assert_eq!(game.mistakes_made(), 1);
    let saved = game.to_saved(now, None);
    let json = serde_json::to_string(&saved).unwrap();
    assert!(json.contains("\"show_mistakes\":true"), "{json}");
    let back = Game::from_saved(&serde_json::from_str(&json).unwrap(), now).unwrap();
    assert!(back.shows_mistakes());
    assert_eq!(back.mistakes_made(), 1);
    // A save from before mistakes reads as a game that does not mark them.
    let mut plain = Game::new(board, None, now).to_saved(now, None);
    plain.show_mistakes = false;
    let json = serde_json::to_string(&plain).unwrap();
    assert!(!json.contains("mistakes"), "{json}");
}

/// A save written before colour marks existed (no `colours` anywhere, as
/// doku wrote it then) opens, resumes without colours, and undoes as it did.
#[test]
fn a_save_from_before_colour_marks_resumes_without_them() {
    let tmp = tempfile::tempdir().unwrap();
    let old = r#"{
  "doku": "save",
  "version": 1,
  "saved_at": "20260101T120000Z",
  "data": {
    "size": 4,
    "boxes": [2, 2],
    "difficulty": "easy",
    "seed": 7,
    "givens": ["1...", "..3.", ".4..", "...2"],
    "entries": [".2..", "....", "....", "...."],
    "notes": {"5": 10},
    "undo": [{"cursor": 1, "edits": [{"cell": 1, "before": {"value": 0, "notes": 0}, "after": {"value": 2, "notes": 0}}]}],
    "redo": [],
    "cursor": 1,
    "notes_mode": false,
    "elapsed_ms": 61000,
    "hints_used": 0
  }
}"#;
    fs::write(tmp.path().join("game.json"), old).unwrap();
    let saved = match open_game(tmp.path()).found {
        Found::Game(g) => g,
        other => panic!("{other:?}"),
    };
    assert!(saved.colours.is_empty());
    let now = Instant::now();
    let mut game = doku::game::Game::from_saved(&saved, now).expect("resumes");
    assert!(!game.has_colours());
    let cell = doku::engine::Cell(1);
    assert_eq!(game.value(cell).map(|d| d.get()), Some(2));
    game.undo(now);
    assert_eq!(game.value(cell), None);
}
