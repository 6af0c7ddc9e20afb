//! The options of `kifu man`, and the pages it prints.

use clap::{Args, ValueEnum};

/// Arguments of `kifu man`.
#[derive(Debug, Args)]
pub(crate) struct ManArgs {
    /// The page: the commands (kifu.1), the notation (kifu.5), the rules (kifu-rules.7) or the engine protocol (kifu-engine.7).
    #[arg(value_enum, default_value_t = ManPage::Kifu)]
    pub page: ManPage,
}

/// The manual pages kifu carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub(crate) enum ManPage {
    /// kifu(1): the commands, flags and exit statuses.
    Kifu,
    /// kifu(5): the record notation and the JSON fields.
    Notation,
    /// kifu-rules(7): the rules of the four games and every ruling.
    Rules,
    /// kifu-engine(7): the engine protocol (KEP).
    Engine,
}

impl ManPage {
    /// The page's roff text, as shipped in `man/`.
    pub(crate) fn roff(self) -> &'static str {
        match self {
            ManPage::Kifu => include_str!("../../../man/kifu.1"),
            ManPage::Notation => include_str!("../../../man/kifu.5"),
            ManPage::Rules => include_str!("../../../man/kifu-rules.7"),
            ManPage::Engine => include_str!("../../../man/kifu-engine.7"),
        }
    }
}
