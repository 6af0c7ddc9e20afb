//! Unit tests of the Shogun rules.
