"""Shogun as a PettingZoo AEC environment, laid out as
`pettingzoo.classic.chess_v6`: `env()` wrapped, `raw_env` bare; keyword
arguments as `mana_v0`'s, and the Shogun tags (setup=, first=, rotation=,
discs=) (docs/python-envs.md)."""

from ._base import classic_wrappers
from .shogun import ShogunEnv as raw_env

__all__ = ["env", "raw_env"]


def env(**kwargs):
    """The Shogun environment, wrapped as PettingZoo's classic ones are."""
    return classic_wrappers(raw_env(**kwargs))
