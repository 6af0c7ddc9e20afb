// The JavaScript package (WebAssembly, in Node) against native kifu, on
// the same work (benches/wasm.sh runs it; figures in benches/README.md):
// - the engine's nodes per second: `search` bounded by nodes against
//   `kifu engine` (release) bounded alike, on the same positions, each
//   timed by the search itself (the time of its last `info`: a new
//   game's start, its hash table cleared, left out of both);
// - legalMoves + push + pop: random games played out and taken back, the
//   operations per second (benches/moves.py does the same in Python).
// Usage: node benches/wasm.mjs KIFU_BINARY

import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { Game, games, init, search } from "../js/kifu.js";

await init();
const kifu = process.argv[2] ?? "target/release/kifu";

// A position of each game (Mana's start is a forced win its search
// proves at once: four plies of fixtures/mana/valid/black-wins.kifu),
// searched for this many nodes (a quarter of a second natively).
const NODES = 1000000;
const POSITIONS = [
  ["mana", { setup: "b1 c6" }, ["e1-e4", "a6-a5", "a1-c2", "e6-e5@e3"]],
  ["escampe", { setup: "a1 b1 c1 d1 e1 f1 / f6 a6 b6 c6 d6 e6" }, []],
  ["shogun", {}, []],
];

/** `kifu engine`'s nodes and milliseconds searching `NODES` after `moves` from `tags`. */
function native(name, tags, moves) {
  const lines = ["kep 1", `newgame ${name}`, ...Object.entries(tags).map(([k, v]) => `tag ${k} "${v}"`),
    `position moves ${moves.join(" ")}`.trimEnd(), `go movetime 600000 nodes ${NODES}`];
  const out = execFileSync(kifu, ["engine"], { input: lines.join("\n") + "\n", encoding: "utf8" });
  const last = out.split("\n").filter((l) => l.startsWith("info ") && l.includes(" time ")).at(-1);
  return { nodes: Number(last.match(/ nodes (\d+)/)[1]), ms: Number(last.match(/ time (\d+)/)[1]) };
}

console.log(`engine: nodes per second, searching at most ${NODES} nodes`);
for (const [name, options, moves] of POSITIONS) {
  const game = new Game(name, options);
  for (const move of moves) game.push(move);
  const theirs = native(name, game.startTags, moves);
  const mine = search(game, { nodes: NODES });
  const ms = mine.time;
  const nps = (nodes, time) => Math.round(nodes / (time / 1000));
  console.log(`  ${name}: ${mine.nodes} nodes (native ${theirs.nodes}); ` +
    `native ${nps(theirs.nodes, theirs.ms)} n/s, WebAssembly in Node ${nps(mine.nodes, ms)} n/s, ` +
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
