#!/bin/sh
# The tests of the Python package (python/, docs/python.md): a virtual
# environment, made once ($KIFU_VENV, or target/python-venv), with what
# requirements-test.txt names from PyPI; the package built into it by
# maturin (a debug build, which reuses what `cargo test` compiled); then
# pytest, which compares the package with the `kifu` binary.
set -eu
cd "$(dirname "$0")"
VENV=${KIFU_VENV:-../target/python-venv}
if ! "$VENV/bin/python" -c "import maturin, pytest, pettingzoo, numpy, dask.bag, schemathesis, zstandard" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check -r requirements-test.txt
fi
. "$VENV/bin/activate"
cargo build --quiet --package kifu --bin kifu
maturin develop --quiet
python -m pytest -q tests
