"""What the tests of the Python package share: the repository, its
fixtures, and the `kifu` binary that `cargo test` builds (or $KIFU)."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "fixtures"


def kifu_binary():
    """The `kifu` command the package is compared with."""
    given = os.environ.get("KIFU")
    if given:
        return given
    target = pathlib.Path(os.environ.get("CARGO_TARGET_DIR", ROOT / "target"))
    return str(target / "debug" / "kifu")


@pytest.fixture(scope="session")
def kifu_bin():
    path = kifu_binary()
    if not os.path.exists(path):
        pytest.fail(f"{path} is missing: build it with `cargo build` (or set KIFU)")
    return path


def cli_json_lines(kifu_bin, *args):
    """The JSON lines `kifu ARGS` prints, parsed."""
    done = subprocess.run([kifu_bin, *args], cwd=ROOT, capture_output=True, text=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
