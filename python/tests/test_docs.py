"""Every Python example of docs/ runs as written: each fenced `python`
block of docs/python.md and docs/python-envs.md, as a script of its own,
from the repository root, with the `kifu` command on the PATH (the
examples name `kifu engine` as a KEP program)."""

import os
import re
import subprocess
import sys

import pytest

from conftest import ROOT

DOCS = ["python.md", "python-envs.md"]


def examples():
    for doc in DOCS:
        text = (ROOT / "docs" / doc).read_text()
        for i, block in enumerate(re.findall(r"```python\n(.*?)```", text, re.S)):
            yield pytest.param(doc, block, id=f"{doc}-{i + 1}")


def test_every_doc_has_examples():
    counts = {doc: sum(1 for p in examples() if p.values[0] == doc) for doc in DOCS}
    assert counts == {"python.md": 4, "python-envs.md": 2}


@pytest.mark.parametrize("doc,block", list(examples()))
def test_the_example_runs_as_written(doc, block, kifu_bin, tmp_path):
    script = tmp_path / "example.py"
    script.write_text(block)
    env = dict(os.environ, PATH=os.pathsep.join([os.path.dirname(kifu_bin), os.environ.get("PATH", "")]))
    run = subprocess.run(
        [sys.executable, str(script)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, f"{doc}:\n{block}\n{run.stdout}\n{run.stderr}"
    if "game.peek()" in block:
        assert run.stdout == "Black\na1-c2 *\nmana.empty-square\n"
    if "pool.map" in block:
        lines = run.stdout.splitlines()
        assert lines[0] == lines[1], run.stdout
