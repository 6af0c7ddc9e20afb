"""PettingZoo AEC environments of the four kifu games (docs/python-envs.md),
laid out as PettingZoo's classic environments (`pettingzoo.classic.chess_v6`):
a module per game, each with `env()` (wrapped) and `raw_env` (bare).

    from kifu.envs import mana_v0, escampe_v0, shogun_v0, lotus_v0
    env = lotus_v0.env(players=4)
"""

from . import escampe_v0, lotus_v0, mana_v0, shogun_v0
from ._base import KifuEnv
from .lotus import LotusEnv
from .mana import EscampeEnv, ManaEnv
from .shogun import ShogunEnv

__all__ = [
    "KifuEnv",
    "ManaEnv",
    "EscampeEnv",
    "ShogunEnv",
    "LotusEnv",
    "mana_v0",
    "escampe_v0",
    "shogun_v0",
    "lotus_v0",
]
