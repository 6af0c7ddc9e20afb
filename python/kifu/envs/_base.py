"""The game-independent part of the kifu PettingZoo environments.

`KifuEnv` runs a `kifu.Game` as a `pettingzoo.AECEnv`: the agents, the turn
order (taken from `game.turn`, so Lotus's three pawn moves per turn are three
steps of one agent), seeded resets, rewards from `game.outcome()`, truncation
and illegal actions. A subclass supplies only the game's encoders:

- `game_name`;
- `_setup()`: called once from `__init__` with a probe game; it sets
  `self.num_actions` and `self.obs_shape` (and anything the encoders need);
- `_encode(move, actor)`: the action index of a `kifu.Move` for the player
  of index `actor` (in `game.players` order);
- `_planes(observer)`: the observation array for the player of index
  `observer`, shape `obs_shape`, dtype float32, inside `obs_bounds`;
- `_rewards(outcome)` when the two-player +1/-1 rule does not fit.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import kifu

ILLEGAL_ACTIONS = ("penalty", "raise")
RENDER_MODES = ("human", "ansi", "svg")


def classic_wrappers(env: "KifuEnv"):
    """`env` wrapped as PettingZoo's classic environments wrap theirs
    (`pettingzoo.classic.chess_v6.env()`): an illegal action ends the game
    with the env's `illegal_reward` for its actor, an action out of the
    space is an assertion, and the AEC calls must come in order."""
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=env.illegal_reward)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)


class KifuEnv(AECEnv):
    game_name: str = ""
    # Whether a start must be drawn at random (Escampe has no default start).
    needs_random_start = False
    # Default of the `random_start` argument.
    random_start_default = False
    # Bounds of every observation entry.
    obs_bounds = (0.0, 1.0)

    def __init__(
        self,
        *,
        render_mode: str | None = None,
        max_plies: int = 1000,
        random_start: bool | None = None,
        illegal_action: str = "penalty",
        illegal_reward: float = -1.0,
        **tags,
    ):
        super().__init__()
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {RENDER_MODES}, not {render_mode!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {ILLEGAL_ACTIONS}")
        fixed_start = "setup" in tags or "position" in tags
        if random_start is None:
            random_start = not fixed_start and (self.random_start_default or self.needs_random_start)
        if self.needs_random_start and not random_start and not fixed_start:
            raise ValueError(f"{self.game_name} has no default start: use random_start=True or setup=")
        self.render_mode = render_mode
        self.max_plies = int(max_plies)
        self.random_start = bool(random_start)
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self._tags = tags
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "render_fps": 2,
            "name": f"{self.game_name}_v0",
            "is_parallelizable": False,
        }

        self._rng = np.random.default_rng()
        self.game = self._new_game(0 if self.random_start else None)
        self.possible_agents = [p.lower() for p in self.game.players]
        self._agent_index = {a: i for i, a in enumerate(self.possible_agents)}
        self._setup()
        low, high = self.obs_bounds
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, self.obs_shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._reset_state()

    # ----------------------------------------------------------- hooks
    def _setup(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _encode(self, move: kifu.Move, actor: int) -> int:  # pragma: no cover
        raise NotImplementedError

    def _planes(self, observer: int) -> np.ndarray:  # pragma: no cover
        raise NotImplementedError

    def _rewards(self, outcome: dict) -> dict[str, float]:
        """Two players: +1 for the winner, -1 for the loser, 0 for both when
        there is no winner."""
        winner = (outcome.get("winner") or "").lower()
        if winner not in self._agent_index:
            return dict.fromkeys(self.possible_agents, 0.0)
        return {a: (1.0 if a == winner else -1.0) for a in self.possible_agents}

    # ----------------------------------------------------------- spaces
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ----------------------------------------------------------- moves <-> actions
    def _new_game(self, seed: int | None) -> kifu.Game:
        if seed is None:
            return kifu.Game(self.game_name, **self._tags)
        return kifu.Game(self.game_name, seed=seed, **self._tags)

    def _actor(self) -> int:
        return self._agent_index[self.agent_selection]

    def decode(self, action: int, actor: int | None = None) -> str:  # pragma: no cover
        raise NotImplementedError

    def _legal_map(self) -> dict[int, kifu.Move]:
        """The legal moves of the position, by action (cached per ply)."""
        if self._legal is None:
            legal = {}
            if not self.game.is_over():
                actor = self._agent_index[self.game.turn.lower()]
                for m in self.game.legal_moves():
                    a = self._encode(m, actor)
                    if a in legal:  # a broken encoder must not pass silently
                        raise AssertionError(f"{m} and {legal[a]} share action {a}")
                    legal[a] = m
            self._legal = legal
        return self._legal

    def legal_actions(self) -> list[int]:
        """The actions of the legal moves of the agent to move, sorted."""
        return sorted(self._legal_map())

    def action_to_move(self, action: int) -> kifu.Move | None:
        """The legal move an action stands for now, or None if illegal."""
        return self._legal_map().get(int(action))

    def move_to_action(self, move) -> int:
        """The action of a legal move (a `kifu.Move` or its text) of the
        agent to move; ValueError if it is not legal."""
        text = str(move)
        for a, m in self._legal_map().items():
            if m.text == text:
                return a
        raise ValueError(f"{text} is not a legal move here")

    def action_mask(self, agent=None) -> np.ndarray:
        agent = self.agent_selection if agent is None else agent
        mask = np.zeros(self.num_actions, np.int8)
        if (
            agent == self.agent_selection
            and not self.terminations.get(agent, True)
            and not self.truncations.get(agent, True)
        ):
            mask[list(self._legal_map())] = 1
        return mask

    # ----------------------------------------------------------- AEC API
    def observe(self, agent):
        return {
            "observation": self._planes(self._agent_index[agent]),
            "action_mask": self.action_mask(agent),
        }

    def _reset_state(self) -> None:
        self._legal = None
        self.plies = 0
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        if self.game.is_over():  # a Position start may already be finished
            self.agent_selection = self.agents[0]
            self._finish(self.game.outcome())
        else:
            self.agent_selection = self.game.turn.lower()
            self._set_infos()

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        random_start = self.random_start
        if options and "random_start" in options:
            random_start = bool(options["random_start"])
        game_seed = int(self._rng.integers(0, 2**63)) if random_start else None
        self.game = self._new_game(game_seed)
        self._reset_state()
        if self.render_mode == "human":
            self.render()

    def _set_infos(self) -> None:
        for a in self.agents:
            self.infos[a] = {}
        self.infos[self.agent_selection] = {
            "legal_moves": [m.text for m in self._legal_map().values()]
        }

    def _finish(self, outcome: dict, rewards: dict | None = None) -> None:
        rewards = self._rewards(outcome) if rewards is None else rewards
        for a in self.agents:
            self.rewards[a] = rewards[a]
            self.terminations[a] = True
            self.infos[a] = {"outcome": outcome}
        self._accumulate_rewards()

    def step(self, action):
        self._step(action)
        # As PettingZoo's classic environments do, "human" shows the game
        # after every step.
        if self.render_mode == "human":
            self.render()

    def _step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        actor = self._agent_index[agent]
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        move = None if action is None else self._legal_map().get(int(action))
        if move is None:
            if self.illegal_action == "raise":
                raise ValueError(f"illegal action {action} for {agent} at {self.game.position()}")
            # The PettingZoo classic convention (TerminateIllegalWrapper):
            # the game ends, the actor is penalised, the others get 0.
            rewards = dict.fromkeys(self.agents, 0.0)
            rewards[agent] = self.illegal_reward
            self._finish({"result": "illegal", "winner": None, "reason": f"illegal action {action} by {agent}", "scores": None}, rewards)
            self._advance_dead(actor)
            return
        self.game.push(move)
        self._legal = None
        self.plies += 1
        if self.game.is_over():
            self._finish(self.game.outcome())
            self._advance_dead(actor)
        elif self.plies >= self.max_plies:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a] = {}
            self._advance_dead(actor)
        else:
            self.agent_selection = self.game.turn.lower()
            self._set_infos()

    def _advance_dead(self, actor: int) -> None:
        """After the last move, the next agent in turn order collects its
        final reward first (then the others, via `_was_dead_step`)."""
        n = len(self.possible_agents)
        self.agent_selection = self.possible_agents[(actor + 1) % n]

    # ----------------------------------------------------------- render
    def render(self):
        """`"ansi"`: the game as text; `"svg"`: its board as `game.svg()`
        draws it; `"human"`: the text printed, as PettingZoo's classic
        environments show theirs to a person (and nothing returned)."""
        if self.render_mode is None:
            return None
        if self.render_mode == "svg":
            return self.game.svg()
        if self.render_mode == "human":
            print(self._text(), flush=True)
            return None
        return self._text()

    def _text(self) -> str:
        """The game as text: the game and its `Position`, the constraint,
        the moves, and who moves or the result."""
        moves = " ".join(str(m) for m in self.game.moves)
        lines = [f"{self.game_name}: {self.game.position()}"]
        if self.game.constraint:
            lines.append(f"constraint: {self.game.constraint}")
        lines.append(f"moves: {moves or '(none)'}")
        outcome = self.game.outcome()
        lines.append(f"to move: {self.game.turn}" if outcome is None else f"result: {outcome['result']} ({outcome['reason']})")
        return "\n".join(lines)

    def close(self):
        pass

    def __str__(self):
        return self.metadata["name"]


# --------------------------------------------------------------- square boards
class BoardEnv(KifuEnv):
    """Mana, Escampe, Shogun: a square board, two players. Squares are
    numbered in the frame of the agent: for the first player (index 0)
    index = (rank - 1) * width + file (a1 = 0, b1 = 1, ...); for the second
    the board is turned 180 degrees (index -> size - 1 - index), so every
    agent sees its own side of the board at row 0."""

    width = 6

    def _setup(self) -> None:
        self.size = self.width * self.width

    def sq(self, name: str, frame: int) -> int:
        i = (int(name[1:]) - 1) * self.width + (ord(name[0]) - 97)
        return self.size - 1 - i if frame else i

    def square_name(self, index: int, frame: int) -> str:
        """The name of the square of index `index` in player `frame`'s frame."""
        i = self.size - 1 - index if frame else index
        return f"{chr(97 + i % self.width)}{i // self.width + 1}"

    def decode(self, action: int, actor: int | None = None) -> str:
        """A text of the move an action stands for, for the player of index
        `actor` (default: the agent to move), whether legal or not. A capture
        is written `from-to` (notation.md lets `x` and `+` be left out)."""
        actor = self._actor() if actor is None else actor
        action = int(action)
        if action < self.size * self.size:
            frm, to = divmod(action, self.size)
            return f"{self.square_name(frm, actor)}-{self.square_name(to, actor)}"
        return self._decode_special(action - self.size * self.size, actor)

    def _decode_special(self, special: int, actor: int) -> str:
        raise ValueError(f"no such action: {special + self.size * self.size}")

    def parse_board(self, board: str) -> dict[int, str]:
        """The pieces of a `Position` board field, by absolute square index."""
        pieces = {}
        for r, rank in enumerate(board.split("/")):
            rank_index = self.width - 1 - r
            f = 0
            num = ""
            for ch in rank + " ":
                if ch.isdigit():
                    num += ch
                    continue
                if num:
                    f += int(num)
                    num = ""
                if ch != " ":
                    pieces[rank_index * self.width + f] = ch
                    f += 1
        return pieces

    def frame_grid(self, values: np.ndarray, frame: int) -> np.ndarray:
        """An array over absolute square indices (first axis) as a
        (width, width, ...) grid in the frame of player `frame`."""
        if frame:
            values = values[::-1]
        return values.reshape((self.width, self.width) + values.shape[1:])
