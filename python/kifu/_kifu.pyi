"""Type stubs of kifu's native module (python/src/*.rs)."""

import os
from typing import IO, Any, Iterator, Optional, Union

__version__: str
"""The version of kifu this package is built from."""

GAMES: list[str]
"""The games, by name: mana, escampe, shogun, lotus."""

SQUARE_LINES: list[int]
"""Mana's and Escampe's board: the lines of each square, rank 1 first,
from file a."""

class IllegalMove(ValueError):
    """A move the rules refuse."""

    code: str
    """Its fault code (`mana.empty-square`), as kifu(5) lists them."""
    reason: str
    """The referee's words."""
    move: str
    """The move refused."""

class EngineError(RuntimeError):
    """An engine that could not start, failed or answered no move."""

class Move:
    """A move, written the canonical way; equal to another Move or a str
    with the same text."""

    @property
    def text(self) -> str: ...
    @property
    def parts(self) -> dict[str, Any]:
        """Its parts (squares, pawn, capture, bird...), as `kifu json`
        gives them."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Game:
    """A game: its start, the moves played, and the position they reach."""

    def __init__(self, game: str, *, seed: Optional[int] = None, **tags: Any) -> None:
        """A new game of `game` from its start: `setup=`, `position=`, the
        game's other start tags by name in lower case (`players=`,
        `flowers=`, `course=`, `rotation=`, `first=`, `discs=`), or
        `seed=N` for a start drawn as `kifu random` draws it; without any,
        the start `kifu new` gives. ValueError for a start that the rules
        refuse, or for Escampe without one."""
    @property
    def game(self) -> str: ...
    @property
    def start_tags(self) -> list[tuple[str, str]]: ...
    @property
    def players(self) -> list[str]: ...
    @property
    def turn(self) -> Optional[str]:
        """The player to move; None once the game is over."""
    @property
    def moves(self) -> list[Move]: ...
    @property
    def constraint(self) -> Optional[str]: ...
    def legal_moves(self) -> list[Move]: ...
    def push(self, move: Union[Move, str]) -> Move:
        """Plays a move; IllegalMove, the game unchanged, when refused."""
    def push_turn(self, moves: list[str]) -> list[Move]:
        """Lotus: a whole turn, checked whole; other games: one move."""
    def pop(self) -> Move:
        """Takes back the last move; IndexError at the start."""
    def is_over(self) -> bool: ...
    def is_game_over(self) -> bool:
        """`is_over()`, by python-chess's name."""
    def result(self) -> str:
        """`"B+"` once won (Lotus: the scores), `"*"` while going on."""
    def peek(self) -> Move:
        """The last move played; IndexError when none was."""
    def outcome(self) -> Optional[dict[str, Any]]:
        """`{"result", "winner", "reason", "scores"}` once over."""
    def scores(self) -> Optional[list[dict[str, Any]]]: ...
    def position(self) -> str:
        """The position as a `Position` tag's value."""
    def position_json(self) -> dict[str, Any]: ...
    def perft(self, depth: int) -> int: ...
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def svg(self, flip: bool = False) -> str: ...
    def _repr_svg_(self) -> str: ...
    def record(self) -> str:
        """The game as a record: its start's tags, moves and result."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Record:
    """A record as read, or the syntax error that keeps it from being read."""

    def __init__(self, text: str, file: str = "-") -> None: ...
    @staticmethod
    def from_json(json: str, file: str = "-") -> "Record":
        """The record a line of `kifu json` describes, as `kifu import`
        reads it."""
    @property
    def file(self) -> str: ...
    @property
    def line(self) -> int: ...
    @property
    def tag_list(self) -> list[tuple[str, str]]: ...
    @property
    def tags(self) -> dict[str, str]: ...
    def game(self, ply: Optional[int] = None) -> "Game":
        """The game after `ply` moves of its main line (default: its end),
        to go on with, as python-chess's `game.board()`; IndexError
        beyond the main line."""
    def json(self) -> dict[str, Any]:
        """The record as `kifu json` describes it: tags, the move tree
        (`moves`, each with `variations`, `comments`, `glyph`, `nags`),
        the verdict."""
    def mainline(self) -> list[str]: ...
    def to_json(self, positions: bool = False) -> str:
        """The record as `kifu json` writes it, on one line."""
    def validate(self) -> dict[str, Any]:
        """The verdict as `kifu validate --format json` gives it."""
    def is_valid(self) -> bool: ...
    def format(self, width: int = 80) -> str:
        """The text `kifu fmt` writes for it."""
    def text(self) -> str: ...

class Reader(Iterator[Record]):
    """The records of a file, one at a time."""

    def __iter__(self) -> "Reader": ...
    def __next__(self) -> Record: ...

Source = Union[str, os.PathLike[str], IO[bytes], IO[str]]

def read(source: Source) -> Reader:
    """The records of a plain or compressed file (a path or a file
    object), one at a time, in constant memory."""

def validate_file(source: Source) -> list[dict[str, Any]]: ...
def compression_of(start: bytes) -> Optional[str]:
    """The compression format whose magic number `start` begins with."""

MAGIC_BYTES: int

class PlayResult:
    """An engine's answer."""

    moves: list[str]
    resigned: bool
    score: Optional[str]
    pv: list[str]

class Engine:
    """The built-in engine (`Engine()`), or a KEP program
    (`Engine("./my-engine --fast")`)."""

    def __init__(
        self, command: Optional[str] = None, options: Optional[dict[str, Any]] = None, level: Optional[int] = None
    ) -> None:
        """`level` (1 to 8) is the built-in engine's level, the one `kifu
        engine --level` plays; a program is sent `setoption Level N`."""
    @property
    def name(self) -> str: ...
    def play(self, game: Game, movetime: Optional[int] = None, depth: Optional[int] = None) -> PlayResult: ...
    def analyse(self, game: Game, movetime: Optional[int] = None, depth: Optional[int] = None) -> dict[str, Any]:
        """`{"score", "pv", "best"}` of `game`'s position."""
    def quit(self) -> None: ...
    def __enter__(self) -> "Engine": ...
    def __exit__(self, *args: object) -> bool: ...

def search(game: Game, movetime: Optional[int] = None, depth: Optional[int] = None) -> PlayResult:
    """The built-in engine's move in `game`, searched in-process."""

class Solution:
    """What `solve` proved of a position, for its side to move."""
    @property
    def result(self) -> Optional[str]:
        """`"win"` or `"loss"`, or `None` when nothing is forced within `depth`."""
    @property
    def plies(self) -> Optional[int]: ...
    @property
    def line(self) -> list[str]: ...
    @property
    def depth(self) -> int: ...
    @property
    def nodes(self) -> int: ...

def solve(game: Game, depth: int = 12, time: Optional[float] = None) -> Solution:
    """A forced win or loss for the side to move within `depth` plies,
    proven as `kifu solve` proves it, with its line."""
