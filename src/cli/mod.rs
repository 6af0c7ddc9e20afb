//! The command line: one function per subcommand, each given its typed
//! options ([`crate::front::args`]) and standard output; the binary's
//! entry ([`crate::app`]) picks the function. `kifu play` is
//! [`crate::repl`]'s.

pub(crate) mod analyse;
pub(crate) mod engine;
mod files;
pub(crate) mod fmt;
pub(crate) mod generate;
pub(crate) mod html;
pub(crate) mod import;
pub(crate) mod json;
pub(crate) mod man;
pub(crate) mod matches;
mod parallel;
mod progress;
pub(crate) mod select;
pub(crate) mod serve;
pub(crate) mod show;
pub(crate) mod site;
pub(crate) mod solve;
pub(crate) mod stats;
pub(crate) mod tune;
pub(crate) mod validate;

pub(crate) use crate::front::Status;
