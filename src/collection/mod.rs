//! Collections of records: what `select`, `stats` and `fmt` make of many
//! records, below the command line that prints it.
//!
//! - [`input`] opens the files kifu reads: standard input, and compressed
//!   files (gzip, zstd, bzip2, xz) decoded as a stream;
//! - [`compress`] is the compressed formats, decoded and encoded;
//! - [`paths`] finds the files a command line names, walking directories
//!   for record files;
//! - [`select`] is the criteria of `kifu select` and the key of `--dedupe`;
//! - [`stats`] sums records up into the report of `kifu stats`
//!   ([`crate::model::StatsJson`]);
//! - [`mod@format`] writes a valid record in the canonical form of `kifu fmt`.

pub mod compress;
pub mod format;
pub mod input;
pub mod judged;
pub mod paths;
pub mod select;
pub mod stats;
