#!/bin/sh
# The tests of the JavaScript package (js/, docs/javascript.md): the
# wasm32-unknown-unknown target (rustup) and wasm-bindgen-cli at the very
# version of wasm-bindgen that Cargo.lock pins (from crates.io, into
# target/wasm-bindgen-cli) when missing; the package built (js/build.sh)
# and the `kifu` binary it is compared with; then Node's test runner, and
# TypeScript (from the npm registry) over the types.
set -eu
cd "$(dirname "$0")/.."
rustup target list --installed | grep -qx wasm32-unknown-unknown ||
    rustup target add wasm32-unknown-unknown
VERSION=$(sed -n '/^name = "wasm-bindgen"$/{n;s/^version = "\(.*\)"$/\1/p;}' Cargo.lock)
TOOLS=$PWD/target/wasm-bindgen-cli
PATH=$TOOLS/bin:$PATH
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $VERSION"; then
    cargo install --quiet --root "$TOOLS" wasm-bindgen-cli --version "=$VERSION"
fi
export PATH
js/build.sh
cargo build --quiet --package kifu --bin kifu
node --test js/test/*.test.mjs
cd js
npm install --silent --no-audit --no-fund
npx tsc -p tsconfig.json
