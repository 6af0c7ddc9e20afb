"""Type stubs of the kifu package."""

from typing import Any, Union

from ._kifu import (
    __version__ as __version__,
    GAMES as GAMES,
    SQUARE_LINES as SQUARE_LINES,
    Engine as Engine,
    EngineError as EngineError,
    Game as Game,
    IllegalMove as IllegalMove,
    Move as Move,
    PlayResult as PlayResult,
    Reader as Reader,
    Record as Record,
    Source as Source,
    read as read,
    search as search,
    solve as solve,
    Solution as Solution,
    validate_file as validate_file,
)

def validate(source: Union[Source, Record]) -> Any:
    """The verdicts of every record of `source`, as `kifu validate
    --format json` gives them; for a Record, its verdict."""
