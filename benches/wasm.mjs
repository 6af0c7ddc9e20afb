// The JavaScript package (WebAssembly, in Node) against native kifu, on
// the same work (benches/wasm.sh runs it; figures in benches/README.md):
// - the engine's nodes per second: `search` at a fixed depth against
//   `kifu engine` (release) at the same depth, on the same positions;
// - legalMoves + push + pop: random games played out and taken back, the
//   operations per second (benches/moves.py does the same in Python).
// Usage: node benches/wasm.mjs KIFU_BINARY

import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { Game, games, init, search } from "../js/kifu.js";

await init();
const kifu = process.argv[2] ?? "target/release/kifu";

// Each game's start (and a depth that searches for about a second).
const POSITIONS = [
  ["mana", { setup: "c1 c6" }, 9],
  ["escampe", { setup: "a1 b1 c1 d1 e1 f1 / f6 a6 b6 c6 d6 e6" }, 8],
  ["shogun", {}, 6],
];

/** `kifu engine`'s nodes and milliseconds at `depth` from `tags`. */
function native(name, tags, depth) {
  const quoted = (v) => `"${v}"`;
  const lines = ["kep 1", `newgame ${name}`, ...Object.entries(tags).map(([k, v]) => `tag ${k} ${quoted(v)}`),
    "position", `go movetime 600000 depth ${depth}`];
  const started = performance.now();
  const out = execFileSync(kifu, ["engine"], { input: lines.join("\n") + "\n", encoding: "utf8" });
  const ms = performance.now() - started;
  const last = out.split("\n").filter((l) => l.startsWith("info ") && l.includes(" nodes ")).at(-1);
  return { nodes: Number(last.match(/ nodes (\d+)/)[1]), ms };
}

console.log("engine: nodes per second at a fixed depth (the same nodes natively and in WebAssembly)");
for (const [name, options, depth] of POSITIONS) {
  const game = new Game(name, options);
  const theirs = native(name, game.startTags, depth);
  const started = performance.now();
  const mine = search(game, { depth });
  const ms = performance.now() - started;
  const nps = (nodes, time) => Math.round(nodes / (time / 1000));
  console.log(`  ${name} depth ${depth}: ${mine.nodes} nodes (native ${theirs.nodes}); ` +
    `native ${nps(theirs.nodes, theirs.ms)} n/s, wasm in node ${nps(mine.nodes, ms)} n/s, ` +
    `ratio ${(nps(mine.nodes, ms) / nps(theirs.nodes, theirs.ms)).toFixed(2)}`);
}

// A seeded generator (MINSTD, exact in JavaScript's numbers), so that
// every run, and benches/moves.py, plays the same games.
let seed = 12345;
const random = (n) => {
  seed = (seed * 48271) % 2147483647;
  return seed % n;
};

console.log("legalMoves + push + pop: random games played out and taken back");
for (const name of games()) {
  const options = name === "escampe" ? { seed: 1 } : name === "lotus" ? { players: "red green orange" } : {};
  let operations = 0;
  const started = performance.now();
  for (let round = 0; round < 20; round++) {
    const game = new Game(name, options);
    let plies = 0;
    while (!game.isOver() && plies < 200) {
      const legal = game.legalMoves();
      game.push(legal[random(legal.length)]);
      plies++;
      operations += 2;
    }
    while (plies-- > 0) {
      game.pop();
      operations++;
    }
  }
  const ms = performance.now() - started;
  console.log(`  ${name}: ${operations} operations in ${ms.toFixed(0)} ms: ${(operations / ms * 1000).toFixed(0)} a second`);
}
