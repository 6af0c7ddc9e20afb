#!/bin/sh
# The speed of the Python package (issue 38): a release build of it in a
# virtual environment (target/python-bench-venv, with python-chess to
# compare with), a file of about 30 MB of records of the four games, and
# benches/python_speed.py. Figures in benches/README.md.
#
#   benches/python.sh            # COUNT=10000 records of each game, about 30 MB
set -eu
cd "$(dirname "$0")/.."
COUNT=${COUNT:-10000}
VENV=${KIFU_BENCH_VENV:-target/python-bench-venv}
DIR=${TMPDIR:-/tmp}/kifu-python-bench
mkdir -p "$DIR"
if ! "$VENV/bin/python" -c "import maturin, chess" 2>/dev/null; then
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check maturin chess
fi
cargo build --release --quiet --bin kifu
(cd python && VIRTUAL_ENV="$PWD/../$VENV" PATH="$PWD/../$VENV/bin:$PATH" maturin develop --release --quiet)
FILE=$DIR/records-$COUNT.kifu
if [ ! -s "$FILE" ]; then
    for game in mana escampe shogun lotus; do
        target/release/kifu random "$game" --seed 1 --count "$COUNT"
    done > "$FILE"
fi
ls -l "$FILE"
"$VENV/bin/python" benches/python_speed.py "$FILE" target/release/kifu
