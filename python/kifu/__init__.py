"""kifu for Python: the rules, the records and the engine of Mana, Escampe,
Shogun and Flower of the Lotus, from the same Rust crate as the `kifu`
command. See docs/python.md."""

from ._kifu import (
    __version__,
    GAMES,
    SQUARE_LINES,
    EngineError,
    Engine,
    Game,
    IllegalMove,
    Move,
    PlayResult,
    Reader,
    Record,
    read,
    search,
    validate_file,
)

__all__ = [
    "__version__",
    "GAMES",
    "SQUARE_LINES",
    "Engine",
    "EngineError",
    "Game",
    "IllegalMove",
    "Move",
    "PlayResult",
    "Reader",
    "Record",
    "read",
    "search",
    "validate",
]


def validate(source):
    """The verdicts of every record of `source` (a path or a file object,
    plain or compressed), as `kifu validate --format json` gives them; or,
    for a `Record`, its verdict."""
    if isinstance(source, Record):
        return source.validate()
    return validate_file(source)
