"""Mana and Escampe (the same board and movement; docs/python-envs.md)."""

from __future__ import annotations

import numpy as np

from .._kifu import SQUARE_LINES
from ._base import BoardEnv

# Number of lines of every square, rank 1 first, files a-f, as the
# referee has them.
LINES = np.array(SQUARE_LINES)
LINES_ONEHOT = np.stack([LINES == n for n in (1, 2, 3)], axis=-1).astype(np.float32)


class _LinesEnv(BoardEnv):
    """Shared by Mana and Escampe: actions `from * 36 + to` (squares in the
    actor's frame), then the game's specials; observation planes: the four
    piece planes, the three line planes, the three constraint planes, then
    the game's own planes."""

    width = 6
    leader = "D"  # the piece whose capture ends the game (Daimyo, Unicorn)
    num_specials = 0  # actions after the 1296 from-to moves
    extra_planes = 0  # planes after the ten shared ones

    def _setup(self) -> None:
        super()._setup()
        self.num_actions = self.size * self.size + self.num_specials
        self.obs_shape = (6, 6, 10 + self.extra_planes)

    def _encode_move(self, parts: dict, actor: int) -> int:
        return self.sq(parts["from"], actor) * self.size + self.sq(parts["to"], actor)

    def _board_planes(self, observer: int, board: str, constraint: int) -> np.ndarray:
        """Planes 0-9 over absolute squares (first axis): own leader, own
        others, opponent's leader, opponent's others, squares of 1/2/3
        lines, constraint 1/2/3 lines (all ones on the plane in force)."""
        planes = np.zeros((self.size, self.obs_shape[2]), np.float32)
        for i, ch in self.parse_board(board).items():
            owner_is_first = ch.isupper()
            mine = owner_is_first == (observer == 0)
            plane = (0 if ch.upper() == self.leader else 1) + (0 if mine else 2)
            planes[i, plane] = 1.0
        planes[:, 4:7] = LINES_ONEHOT
        if constraint:
            planes[:, 6 + constraint] = 1.0
        return planes


class ManaEnv(_LinesEnv):
    """Mana (agents "black", "white"). Actions: 0..1295 move from*36+to,
    1296..1331 re-enter a Ronin on square (a - 1296), 1332 pass."""

    game_name = "mana"
    num_specials = 36 + 1
    extra_planes = 3  # own captured Ronins, opponent's, observer to move

    def _encode(self, move, actor: int) -> int:
        p = move.parts
        kind = p["kind"]
        if kind == "move":
            return self._encode_move(p, actor)
        if kind == "reentry":
            return self.size * self.size + self.sq(p["to"], actor)
        if kind == "pass":
            return self.size * self.size + self.size
        raise ValueError(f"unknown mana move {move}: {p}")

    def _decode_special(self, special: int, actor: int) -> str:
        if special < self.size:
            return f"R*{self.square_name(special, actor)}"
        if special == self.size:
            return "--"
        return super()._decode_special(special, actor)

    def _planes(self, observer: int) -> np.ndarray:
        info = self.game.position_json()
        board = info["position"].split()[0]
        planes = self._board_planes(observer, board, info.get("bird_lines") or 0)
        me, opp = self.possible_agents[observer], self.possible_agents[1 - observer]
        captured = info.get("captured", {})
        planes[:, 10] = captured.get(me, 0) / 5.0
        planes[:, 11] = captured.get(opp, 0) / 5.0
        planes[:, 12] = float(self.game.turn is not None and self.game.turn.lower() == me)
        return self.frame_grid(planes, observer)


class EscampeEnv(_LinesEnv):
    """Escampe (agents "white", "black"; no default start: each reset draws
    one). Actions: 0..1295 move from*36+to, 1296 pass."""

    game_name = "escampe"
    leader = "U"
    num_specials = 1
    extra_planes = 1  # observer to move
    needs_random_start = True

    def _encode(self, move, actor: int) -> int:
        p = move.parts
        kind = p["kind"]
        if kind == "move":
            return self._encode_move(p, actor)
        if kind == "pass":
            return self.size * self.size
        raise ValueError(f"unknown escampe move {move}: {p}")

    def _decode_special(self, special: int, actor: int) -> str:
        return "--" if special == 0 else super()._decode_special(special, actor)

    def _planes(self, observer: int) -> np.ndarray:
        board, _, constraint = self.game.position().split()
        planes = self._board_planes(observer, board, 0 if constraint == "-" else int(constraint))
        me = self.possible_agents[observer]
        planes[:, 10] = float(self.game.turn is not None and self.game.turn.lower() == me)
        return self.frame_grid(planes, observer)
