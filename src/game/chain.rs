//! A forcing net as a person follows it: one path from each assumption to
//! what it proves, instead of every implication the search recorded.
//!
//! A dynamic forcing chain's links are the whole net its search walked (up
//! to a hundred and more, in the order found), while its words follow one
//! path per assumption ("If r6c1=2, r6c1<>1 so r6c4=1 so ..."). Drawn
//! whole, such a net lights a third of the board and its notation breaks
//! into dozens of runs; the paths below are what the hint draws and spells.

use super::HintLink;
use crate::engine::board::{cell_name, digit_text};
use crate::engine::{Cell, Digit, Shape};
use std::collections::{BinaryHeap, HashMap};

/// A candidate and whether the chain has it true (`on`) or false.
type State = ((Cell, Digit), bool);

/// Whether `links` form a net rather than runs that each read on from an
/// assumption: some run starts at a candidate another link leads to.
pub fn is_net(links: &[HintLink]) -> bool {
    let mut previous: Option<(Cell, Digit)> = None;
    links.iter().any(|link| {
        let starts_run = previous != Some(link.from);
        previous = Some(link.to);
        starts_run && links.iter().any(|other| other.to == link.from)
    })
}

/// One path through the net from each assumption (a candidate no link
/// makes true or false as it is assumed) to what the step proves: each placement made true, each
/// removal made false, or, for an assumption the step removes, one
/// candidate made both true and false (two paths). Among paths the fewest
/// candidates that `words` do not name come first, then the shortest, so
/// the drawing follows the words. `None` when an assumption reaches none
/// of these (the caller keeps the links as they are).
pub fn branches(
    shape: Shape,
    links: &[HintLink],
    words: &str,
    placements: &[(Cell, Digit)],
    eliminations: &[(Cell, Digit)],
) -> Option<Vec<Vec<HintLink>>> {
    // No link leads to an assumption (one may lead to its opposite: an
    // assumption's net can rule out another's candidate).
    let mut roots: Vec<State> = Vec::new();
    for link in links {
        let state = (link.from, !link.strong);
        let reached = links.iter().any(|l| (l.to, l.strong) == state);
        if !reached && !roots.contains(&state) {
            roots.push(state);
        }
    }
    if roots.is_empty() {
        return None;
    }
    let mut paths = Vec::new();
    for &root in &roots {
        let words = sentence_of(shape, words, root);
        let named = |(cand, on): State| words_name(shape, words, cand, on);
        let parents = cheapest_paths(links, root, named);
        let path_to = |state: State| -> Option<Vec<HintLink>> {
            let mut path = Vec::new();
            let mut at = state;
            while at != root {
                let &link = parents.get(&at)?;
                path.push(link);
                at = (link.from, !link.strong);
            }
            path.reverse();
            Some(path)
        };
        let proved = placements
            .iter()
            .map(|&c| (c, true))
            .chain(eliminations.iter().map(|&c| (c, false)))
            .filter(|&state| state != root && parents.contains_key(&state));
        if let Some(path) = proved.filter_map(path_to).min_by_key(Vec::len) {
            paths.push(path);
            continue;
        }
        // An assumption that leads to a contradiction: a candidate both
        // true and false, reached by the shortest pair of paths.
        let clash = parents
            .keys()
            .filter(|&&(cand, on)| on && parents.contains_key(&(cand, false)))
            .filter_map(|&(cand, _)| Some((path_to((cand, true))?, path_to((cand, false))?)))
            .min_by_key(|(a, b)| (a.len() + b.len(), a.first().map(|l| l.to.0)));
        let (on, off) = clash?;
        paths.push(on);
        paths.push(off);
    }
    Some(paths)
}

/// The sentence of `words` that follows the assumption `root` ("If
/// r6c1=2, ... so r8c4<>5."), or all of them when none starts with it:
/// another assumption's sentence must not pull this one's path its way.
fn sentence_of(shape: Shape, words: &str, ((cell, digit), on): State) -> &str {
    let sign = if on { "=" } else { "<>" };
    let start = format!("If {}{sign}{},", cell_name(shape, cell), digit_text(digit));
    let Some(at) = words.find(&start) else {
        return words;
    };
    let rest = &words[at..];
    // The engine writes a branch a line; a sentence ends a branch too.
    match (rest.find('\n'), rest.find(". ")) {
        (Some(line), sentence) if sentence.is_none_or(|s| line <= s) => &rest[..line],
        (_, Some(end)) => &rest[..=end],
        _ => rest,
    }
}

/// Whether `words` state the candidate true ("r3c4=8") or false
/// ("r3c4<>8") as a token of its own.
fn words_name(shape: Shape, words: &str, (cell, digit): (Cell, Digit), on: bool) -> bool {
    let token = format!(
        "{}{}{}",
        cell_name(shape, cell),
        if on { "=" } else { "<>" },
        digit_text(digit)
    );
    words.match_indices(&token).any(|(at, _)| {
        let before = words[..at].chars().next_back();
        let after = words[at + token.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// From `root`, the link that reaches each state on its cheapest path:
/// fewest states the words do not name, then fewest links (Dijkstra).
fn cheapest_paths(
    links: &[HintLink],
    root: State,
    named: impl Fn(State) -> bool,
) -> HashMap<State, HintLink> {
    let mut best: HashMap<State, (usize, usize)> = HashMap::from([(root, (0, 0))]);
    let mut parents: HashMap<State, HintLink> = HashMap::new();
    // Costs negated: BinaryHeap pops the largest. The index breaks ties
    // in the links' order, so the same net always gives the same paths.
    let mut queue = BinaryHeap::from([(std::cmp::Reverse((0usize, 0usize)), 0usize, root)]);
    while let Some((std::cmp::Reverse(cost), _, state)) = queue.pop() {
        if best.get(&state).is_some_and(|&b| b < cost) {
            continue;
        }
        for (index, link) in links.iter().enumerate() {
            // A weak link leads from a true candidate to a false one, a
            // strong link from a false one to a true one.
            if (link.from, !link.strong) != state {
                continue;
            }
            let next = (link.to, link.strong);
            let step = (cost.0 + usize::from(!named(next)), cost.1 + 1);
            if best.get(&next).is_none_or(|&b| step < b) {
                best.insert(next, step);
                parents.insert(next, *link);
                queue.push((std::cmp::Reverse(step), usize::MAX - index, next));
            }
        }
    }
    parents
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(v: u8) -> Digit {
        Digit::new(v).expect("digit")
    }

    /// A link between candidates written (cell index, digit).
    fn link(from: (u16, u8), to: (u16, u8), strong: bool) -> HintLink {
        HintLink {
            from: (Cell(from.0), d(from.1)),
            to: (Cell(to.0), d(to.1)),
            strong,
        }
    }

    #[test]
    fn runs_from_their_assumptions_are_not_a_net() {
        // Two branches of a cell forcing chain, each read from r1c1.
        let links = [
            link((0, 1), (8, 1), false),
            link((8, 1), (8, 5), true),
            link((0, 2), (0, 5), false),
            link((0, 5), (8, 5), true),
        ];
        assert!(!is_net(&links));
        // The same links in the order a search finds them.
        let found = [links[0], links[2], links[1], links[3]];
        assert!(is_net(&found));
    }

    #[test]
    fn each_assumption_reaches_the_removal_along_the_words() {
        // r1c1 is 1 or 2. If 1: r1c9<>1 so r1c9=5 (a bivalue cell) so
        // r2c9<>5; r2c1<>1 leads there too, a way the words do not take.
        // If 2: r1c1<>5 so r1c9=5 (row 1's other 5) so r2c9<>5.
        let shape = Shape::CLASSIC;
        let r = |row: u16, col: u16| (row - 1) * 9 + col - 1;
        let links = [
            link((r(1, 1), 1), (r(2, 1), 1), false),
            link((r(1, 1), 1), (r(1, 9), 1), false),
            link((r(2, 1), 1), (r(2, 1), 5), true),
            link((r(1, 9), 1), (r(1, 9), 5), true),
            link((r(2, 1), 5), (r(2, 9), 5), false),
            link((r(1, 9), 5), (r(2, 9), 5), false),
            link((r(1, 1), 2), (r(1, 1), 5), false),
            link((r(1, 1), 5), (r(1, 9), 5), true),
        ];
        let words =
            "If r1c1=1, r1c9<>1 so r1c9=5 so r2c9<>5. If r1c1=2, r1c1<>5 so r1c9=5 so r2c9<>5";
        let target = (Cell(r(2, 9)), d(5));
        let paths = branches(shape, &links, words, &[], &[target]).expect("paths");
        assert_eq!(
            paths,
            vec![
                vec![links[1], links[3], links[5]],
                vec![links[6], links[7], links[5]]
            ]
        );
        // Without words the first branch may take either way of three links.
        let paths = branches(shape, &links, "", &[], &[target]).expect("paths");
        assert_eq!(paths[0].len(), 3);
    }

    #[test]
    fn an_assumption_that_contradicts_itself_shows_both_ways_to_the_clash() {
        // If r1c1=1, r1c2<>1 so r5c5=2; and r1c3<>1 so r1c3=3 so
        // r5c5<>2: the clash is r5c5, true one way and false the other.
        let links = [
            link((0, 1), (1, 1), false),
            link((1, 1), (40, 2), true),
            link((0, 1), (2, 1), false),
            link((2, 1), (2, 3), true),
            link((2, 3), (40, 2), false),
        ];
        let root = (Cell(0), d(1));
        let paths = branches(Shape::CLASSIC, &links, "", &[], &[root]).expect("paths");
        assert_eq!(
            paths,
            vec![vec![links[0], links[1]], vec![links[2], links[3], links[4]]]
        );
    }

    #[test]
    fn each_assumption_follows_its_own_sentence() {
        let words = "If r1c1=1, r1c9<>1 so r1c9=5. If r1c1=2, r2c1<>2. Either way r2c9<>5";
        let root = |v| ((Cell(0), d(v)), true);
        let shape = Shape::CLASSIC;
        assert_eq!(
            sentence_of(shape, words, root(1)),
            "If r1c1=1, r1c9<>1 so r1c9=5."
        );
        assert_eq!(sentence_of(shape, words, root(2)), "If r1c1=2, r2c1<>2.");
        assert_eq!(sentence_of(shape, words, root(3)), words);
    }

    #[test]
    fn a_token_is_named_only_whole() {
        let shape = Shape::CLASSIC;
        let cand = (Cell(0), d(1));
        assert!(words_name(shape, "so r1c1=1 so", cand, true));
        assert!(!words_name(shape, "so r1c1<>1 so", cand, true));
        assert!(words_name(shape, "so r1c1<>1.", cand, false));
        assert!(!words_name(shape, "so r11c1=1", cand, true));
    }
}
