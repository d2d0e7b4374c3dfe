//! Uniformly random Latin squares. CONTRACT (filled in by the generator work).
