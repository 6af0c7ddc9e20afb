//! The game in play, below every front: its one start from the setup
//! options ([`start`]), the record written as it is played
//! ([`RecordBuilder`]), its atomic save ([`save_atomic`]), a player's
//! whole turn checked ([`check_turn`]), a game played and taken back move
//! by move ([`Played`]), random complete games
//! ([`random_game`]), and the moves with their variations as one editable
//! tree ([`GameTree`]).

mod played;
mod random;
mod record;
mod save;
mod start;
mod tree;
mod turn;

pub use played::{LineError, Played};
pub use random::{MAX_RANDOM_PLIES, random_game};
pub use record::RecordBuilder;
pub use save::{ReadOnly, SaveError, SaveReason, save_atomic, save_atomic_with};
pub use start::{
    SETUP_TAGS, Start, StartError, StartOptions, TagOptionError, start, start_of_tags, tag_option,
};
pub use tree::{
    Demoted, GameNode, GameTree, Growth, HeardTree, NodeId, NumberedMove, RecordedMove,
};
pub use turn::{TurnError, check_turn};
