"""The Python example of README.md runs as written, from the repository
root, and docs/python.md's snippets name only what the package has."""

import contextlib
import io
import re

import kifu
from conftest import ROOT


def test_the_readme_example_runs_as_written(monkeypatch):
    readme = (ROOT / "README.md").read_text()
    section = readme.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    (example,) = re.findall(r"```python\n(.*?)```", section, re.S)
    assert len(example.strip().splitlines()) <= 10
    monkeypatch.chdir(ROOT)
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(example, "README.md", "exec"), {})
    lines = printed.getvalue().splitlines()
    assert re.fullmatch(r"(B\+|W\+) \d+ plies", lines[0]), lines[0]
    shogun = list(kifu.read(ROOT / "fixtures" / "examples" / "shogun.kifu"))
    assert lines[1:] == [f"shogun {r.validate()['valid']} {r.mainline()[:3]}" for r in shogun]


def test_the_documented_names_exist():
    doc = (ROOT / "docs" / "python.md").read_text()
    for name in set(re.findall(r"\bkifu\.([A-Za-z_]+)\(", doc)):
        assert hasattr(kifu, name), name
