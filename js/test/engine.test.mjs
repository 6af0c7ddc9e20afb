// The engine in WebAssembly plays as the native one: a game of each game,
// every move searched at a fixed depth by the package and by `kifu engine`
// (KEP), which must choose the same move with the same score, having
// searched the same nodes.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Engine, Game, init, readRecords, search } from "../kifu.js";
import { KIFU, ROOT } from "./support.mjs";

await init();

/** `kifu engine`'s move, score and nodes after `moves` of a game of `game` from `tags`, at `depth`. */
function native(game, tags, moves, depth) {
  const quoted = (value) => `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
  const lines = [
    "kep 1",
    `newgame ${game}`,
    ...Object.entries(tags).map(([name, value]) => `tag ${name} ${quoted(value)}`),
    `position moves ${moves.join(" ")}`.trimEnd(),
    `go movetime 600000 depth ${depth}`,
  ];
  const out = execFileSync(KIFU, ["engine"], { input: lines.join("\n") + "\n", encoding: "utf8" });
  const answer = out.split("\n").find((line) => line.startsWith("move "));
  assert.ok(answer, `no move from kifu engine:\n${out}`);
  // As the package hears them: the last score said, the last line's nodes.
  const infos = out.split("\n").filter((line) => line.startsWith("info "));
  const scores = infos.map((line) => line.match(/ score ((?:cp|win|loss) -?\d+)/)?.[1]).filter(Boolean);
  const nodes = infos.at(-1)?.match(/ nodes (\d+)/)?.[1];
  return {
    moves: answer.slice(5).split(" "),
    score: scores.at(-1) ?? null,
    nodes: nodes === undefined ? null : Number(nodes),
  };
}

const GAMES = [
  ["mana", { setup: "c1 c6" }, 3],
  ["escampe", { setup: "a1 b1 c1 d1 e1 f1 / f6 a6 b6 c6 d6 e6" }, 3],
  ["shogun", {}, 2],
  ["lotus", { players: "red green orange" }, 1],
];

for (const [name, options, depth] of GAMES) {
  test(`a ${name} game at depth ${depth} has the native engine's moves`, () => {
    const game = new Game(name, options);
    const engine = new Engine();
    for (let turn = 0; turn < 12 && !game.isOver(); turn++) {
      const { moves, score, nodes } = engine.search(game, { depth });
      const theirs = native(name, game.startTags, game.moves.map((m) => m.text), depth);
      assert.deepEqual({ moves, score, nodes }, theirs, `${name} turn ${turn + 1}`);
      game.pushTurn(moves);
    }
    assert.ok(game.moves.length >= 12);
  });
}

test("search takes a level, a time and nodes, and refuses a game over", () => {
  const game = new Game("mana", { setup: "c1 c6" });
  const legal = new Set(game.legalMoves().map((m) => m.text));
  for (const limits of [{ level: 1 }, { level: 8, time: 50 }, { nodes: 2000 }, { time: 20 }]) {
    const answer = search(game, limits);
    assert.equal(answer.moves.length, 1);
    assert.ok(legal.has(answer.moves[0]), `${answer.moves[0]} is legal`);
  }
  assert.throws(() => new Engine({ level: 9 }), { message: "the level is 1 to 8, not 9" });
  const [record] = readRecords(readFileSync(join(ROOT, "fixtures/mana/valid/black-wins.kifu")));
  assert.throws(() => search(record.game()), { message: "the game is over" });
});
