"""The scale example of docs/python.md (`examples/scale.py`), run on one
machine: multiprocessing and Dask give the tallies a plain loop gives."""

import subprocess
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "python" / "examples"))

import scale  # noqa: E402


def test_the_scale_example_runs_with_multiprocessing_and_dask(kifu_bin, tmp_path):
    paths = []
    for n, game in enumerate(["mana", "escampe", "shogun", "lotus"] * 2):
        path = tmp_path / f"{n}-{game}.kifu"
        with open(path, "w") as out:
            subprocess.run([kifu_bin, "random", game, "--seed", str(n), "--count", "50"], stdout=out, check=True)
        paths.append(str(path))
    bad = tmp_path / "bad.kifu"
    bad.write_text('[Game "mana"]\n[Setup "c1 c6"]\n\n1. c1-c2 *\n')
    paths.append(str(bad))
    plain = scale.total([scale.tally(p) for p in paths])
    assert plain[0] == 401 and plain[1] == 400
    assert scale.with_multiprocessing(paths, processes=2) == plain
    assert scale.with_dask(paths) == plain
    printed = subprocess.run(
        [sys.executable, str(ROOT / "python" / "examples" / "scale.py"), *paths],
        capture_output=True, text=True, check=True,
    ).stdout
    assert printed == f"{plain[0]} records, {plain[1]} valid, {plain[2]} plies\n"
