"""Mana as a PettingZoo AEC environment, laid out as
`pettingzoo.classic.chess_v6` (docs/python-envs.md):

    from kifu.envs import mana_v0
    env = mana_v0.env(render_mode="human")

`env(**kwargs)` is `raw_env(**kwargs)` with the wrappers PettingZoo's classic
environments use. Keyword arguments: render_mode ("human", "ansi", "svg"),
max_plies (1000), random_start (False: the default start; True: a start drawn
from the env's RNG at each reset), illegal_action ("penalty"/"raise"),
illegal_reward (-1), and any `kifu.Game` tag (setup=, position=)."""

from ._base import classic_wrappers
from .mana import ManaEnv as raw_env

__all__ = ["env", "raw_env"]


def env(**kwargs):
    """The Mana environment, wrapped as PettingZoo's classic ones are."""
    return classic_wrappers(raw_env(**kwargs))
