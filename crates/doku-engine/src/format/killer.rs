//! Killer cages as text a person can type: a cage map (one symbol per cell
//! naming its cage, `.` for a cell in no cage) and the sums (`a=16,b=7`,
//! one per cage symbol; a cage with no sum listed only keeps its digits
//! apart).
//!
//! One line: the givens, (a jigsaw's region map,) the cage map, the sums:
//! `......... ... aabbc... a=3,b=15,...`. The block form: the grid, a line
//! `cages:`, the map in N rows, then a line `sums: a=3 b=15 ...`.

use crate::killer::{CageError, Cages};
use crate::shape::{Cell, Shape};
use std::collections::HashMap;
use std::sync::Arc;

/// Symbols a written cage map uses, in order: letters, digits, then
/// punctuation, then Latin-1 letters (a 16x16 can have a few hundred).
fn cage_symbol(index: usize) -> char {
    const ASCII: &str =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$%&*+-/:;<>?@^_~'\"()[]{}`\\|";
    let ascii: Vec<char> = ASCII.chars().collect();
    match ascii.get(index) {
        Some(&ch) => ch,
        None => char::from_u32(0xC0 + (index - ascii.len()) as u32).unwrap_or('?'),
    }
}

/// Whether `ch` can name a cage in a map.
fn is_cage_symbol(ch: char) -> bool {
    !ch.is_whitespace() && !ch.is_control() && ch != '=' && ch != ','
}

/// Where a cage text is wrong: the character (counted from 0 in the text
/// given) and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CageTextError {
    pub at: usize,
    pub message: String,
}

/// The cages of `map` (one symbol per cell, `.` for none) with the sums in
/// `sums` (`a=16,b=7` or `a=16 b=7`). Errors point into `map` (`in_sums`
/// false) or into `sums` (true).
pub fn read_cages(shape: Shape, map: &[char], sums: &str) -> Result<Cages, (bool, CageTextError)> {
    let cells = shape.cell_count();
    if map.len() != cells {
        return Err((
            false,
            CageTextError {
                at: map.len().min(cells),
                message: format!(
                    "a {n}x{n} cage map needs {cells} symbols, one per cell, but has {}",
                    map.len(),
                    n = shape.size()
                ),
            },
        ));
    }
    let mut symbols: Vec<char> = Vec::new();
    let mut members: Vec<Vec<Cell>> = Vec::new();
    for (i, &ch) in map.iter().enumerate() {
        if ch == '.' {
            continue;
        }
        if !is_cage_symbol(ch) {
            return Err((
                false,
                CageTextError {
                    at: i,
                    message: format!("{ch:?} cannot name a cage (use letters; '.' for no cage)"),
                },
            ));
        }
        let k = match symbols.iter().position(|&s| s == ch) {
            Some(k) => k,
            None => {
                symbols.push(ch);
                members.push(Vec::new());
                symbols.len() - 1
            }
        };
        members[k].push(Cell(i as u16));
    }
    let mut sum_of: HashMap<char, u32> = HashMap::new();
    let mut offset = 0;
    for entry in sums.split([',', ' ', '\t']) {
        let at = offset;
        offset += entry.chars().count() + 1;
        if entry.is_empty() {
            continue;
        }
        let bad = |message: String| (true, CageTextError { at, message });
        let Some((symbol, value)) = entry.split_once('=') else {
            return Err(bad(format!(
                "{entry:?} is not a cage's sum: write the cage's symbol, '=', the sum (a=16)"
            )));
        };
        let mut chars = symbol.chars();
        let (Some(ch), None) = (chars.next(), chars.next()) else {
            return Err(bad(format!(
                "{symbol:?} is not one cage symbol (in {entry:?})"
            )));
        };
        if !symbols.contains(&ch) {
            return Err(bad(format!(
                "the sums name cage '{ch}', which the cage map does not have"
            )));
        }
        let Ok(sum) = value.trim().parse::<u32>() else {
            return Err(bad(format!(
                "{value:?} is not a sum for cage '{ch}' (a whole number, such as {ch}=16)"
            )));
        };
        if sum_of.insert(ch, sum).is_some() {
            return Err(bad(format!("cage '{ch}' has two sums")));
        }
    }
    let cages = symbols
        .iter()
        .zip(members.iter())
        .map(|(ch, cells)| (cells.clone(), sum_of.get(ch).copied()));
    Cages::new(shape, cages).map_err(|e| {
        let at = error_cell(&e, shape)
            .and_then(|cell| Some(cell.index()).filter(|&i| i < map.len()))
            .unwrap_or(0);
        let named = map
            .get(at)
            .filter(|&&ch| ch != '.')
            .map_or(String::new(), |ch| format!(" (cage '{ch}')"));
        (
            false,
            CageTextError {
                at,
                message: format!("{e}{named}"),
            },
        )
    })
}

/// The cell a cage error is about, read back from its message's names.
fn error_cell(error: &CageError, shape: Shape) -> Option<Cell> {
    let name = match error {
        CageError::Overlap { cell, .. } | CageError::NotConnected { cell, .. } => cell,
        CageError::TooLarge { at, .. } | CageError::ImpossibleSum { at, .. } => at,
        CageError::Empty | CageError::OffBoard { .. } => return None,
    };
    let rest = name.strip_prefix('r')?;
    let (row, col) = rest.split_once('c')?;
    let (row, col): (usize, usize) = (row.parse().ok()?, col.parse().ok()?);
    (row >= 1 && col >= 1 && row <= shape.size() && col <= shape.size())
        .then(|| shape.cell(row - 1, col - 1))
}

/// The cage map and the sums of `cages`, as [`read_cages`] reads them:
/// cages lettered in reading order of their first cells.
pub fn write_cages(shape: Shape, cages: &Arc<Cages>) -> (String, String) {
    let mut map = vec!['.'; shape.cell_count()];
    let mut sums = Vec::new();
    for (i, cage) in cages.iter().enumerate() {
        let symbol = cage_symbol(i);
        for &cell in cage.cells() {
            map[cell.index()] = symbol;
        }
        if let Some(sum) = cage.sum() {
            sums.push(format!("{symbol}={sum}"));
        }
    }
    (map.into_iter().collect(), sums.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_and_sums_read_back_as_written() {
        let s = Shape::sudoku(4).expect("4x4");
        let map: Vec<char> = "aabbcdbbcdeeffgg".chars().collect();
        let cages = read_cages(s, &map, "a=3,b=10,c=5 d=5,e=7,f=3").expect("cages");
        assert_eq!(cages.len(), 7);
        assert_eq!(cages.get(0).and_then(|c| c.sum()), Some(3));
        assert_eq!(cages.get(6).and_then(|c| c.sum()), None);
        let (written_map, written_sums) = write_cages(s, &Arc::new(cages));
        assert_eq!(written_map, "aabbcdbbcdeeffgg");
        assert_eq!(written_sums, "a=3,b=10,c=5,d=5,e=7,f=3");
    }

    #[test]
    fn mistakes_point_at_the_symbol() {
        let s = Shape::sudoku(4).expect("4x4");
        let map: Vec<char> = "aabbcdbbcdeeffga".chars().collect();
        let (in_sums, err) = read_cages(s, &map, "a=3").unwrap_err();
        assert!(!in_sums);
        assert_eq!(err.at, 15);
        assert!(err.message.contains("in pieces"), "{}", err.message);
        assert!(err.message.contains("(cage 'a')"), "{}", err.message);
        let map: Vec<char> = "aabbcdbbcdeeffgg".chars().collect();
        let (in_sums, err) = read_cages(s, &map, "a=3,z=4").unwrap_err();
        assert!(in_sums);
        assert_eq!(err.at, 4);
        assert!(err.message.contains("cage 'z'"), "{}", err.message);
        let (_, err) = read_cages(s, &map, "a=1").unwrap_err();
        assert!(err.message.contains("cannot make 1"), "{}", err.message);
        let (_, err) = read_cages(s, &map, "a:3").unwrap_err();
        assert!(err.message.contains("'='"), "{}", err.message);
    }
}
