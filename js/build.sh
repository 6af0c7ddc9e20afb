#!/bin/sh
# Builds the JavaScript package into js/pkg: kifu's library for
# wasm32-unknown-unknown (release), bound by wasm-bindgen (`--target web`,
# an ES module that loads in pages, Web Workers and Node alike).
# wasm-bindgen-cli must be the version of wasm-bindgen that Cargo.lock
# pins (js/test.sh installs it so).
set -eu
cd "$(dirname "$0")/.."
cargo build --quiet --release --package kifu-js --target wasm32-unknown-unknown
wasm-bindgen --target web --out-dir js/pkg --out-name kifu_wasm \
    target/wasm32-unknown-unknown/release/kifu_wasm.wasm
