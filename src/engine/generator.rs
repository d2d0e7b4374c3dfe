//! Dealing puzzles. CONTRACT (filled in by the generator work):
//! `generate(shape, difficulty: Option<Difficulty> /* None = any */, symmetry, &mut impl Rng) -> Board`
