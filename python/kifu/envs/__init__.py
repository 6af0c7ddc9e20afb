"""PettingZoo AEC environments of the four kifu games (docs/python-envs.md).

    from kifu.envs import mana_v0, escampe_v0, shogun_v0, lotus_v0
    env = lotus_v0(players=4)
"""

from ._base import KifuEnv
from .lotus import LotusEnv, lotus_v0
from .mana import EscampeEnv, ManaEnv, escampe_v0, mana_v0
from .shogun import ShogunEnv, shogun_v0

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
