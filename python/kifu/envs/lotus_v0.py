"""Flower of the Lotus as a PettingZoo AEC environment, laid out as
`pettingzoo.classic.chess_v6`: `env()` wrapped, `raw_env` bare. `players`:
a number (3-6; colours red green orange violet blue yellow) or the players'
names in turn order; other keyword arguments as `mana_v0`'s; random_start
defaults to True (the flowers are dealt at random each reset, as the rules
say); course= sets another course (docs/python-envs.md)."""

from ._base import classic_wrappers
from .lotus import LotusEnv as raw_env

__all__ = ["env", "raw_env"]


def env(players=3, **kwargs):
    """The Lotus environment, wrapped as PettingZoo's classic ones are."""
    return classic_wrappers(raw_env(players=players, **kwargs))
