"""Escampe as a PettingZoo AEC environment, laid out as
`pettingzoo.classic.chess_v6`: `env()` wrapped, `raw_env` bare; keyword
arguments as `mana_v0`'s, except that every reset draws a start unless
setup= or position= is given (docs/python-envs.md)."""

from ._base import classic_wrappers
from .mana import EscampeEnv as raw_env

__all__ = ["env", "raw_env"]


def env(**kwargs):
    """The Escampe environment, wrapped as PettingZoo's classic ones are."""
    return classic_wrappers(raw_env(**kwargs))
