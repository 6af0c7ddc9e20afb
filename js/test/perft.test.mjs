// Perft of every case of fixtures/*/perft.txt, counted by the package.

import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { Game, games, init } from "../kifu.js";
import { FIXTURES } from "./support.mjs";

await init();

/**
 * The cases of a perft file: id, the start's tags, the moves played first
 * (if any), and each depth's count.
 */
function cases(game) {
  const found = [];
  for (const line of readFileSync(join(FIXTURES, game, "perft.txt"), "utf8").split("\n")) {
    const [word, ...rest] = line.trim().split(" ");
    if (word === "id") found.push({ id: rest.join(" "), tags: {}, moves: [], counts: [] });
    if (word === "setup") {
      for (const [, name, value] of line.matchAll(/\[(\w+) "([^"]*)"\]/g)) {
        if (name !== "Game") found.at(-1).tags[name] = value;
      }
    }
    if (word === "moves") found.at(-1).moves = rest.filter((w) => !/^\d+\.$/.test(w));
    if (word === "perft") found.at(-1).counts.push([Number(rest[0]), Number(rest[1])]);
  }
  return found;
}

/** The game a case starts from: its start, its moves played. */
function start(game, { tags, moves }) {
  const from = new Game(game, tags);
  for (const move of moves) from.push(move);
  return from;
}

for (const game of games()) {
  test(`perft of every ${game} case equals fixtures/${game}/perft.txt`, () => {
    const all = cases(game);
    assert.ok(all.length >= 5, `${all.length} cases`);
    for (const one of all) {
      const from = start(game, one);
      for (const [depth, count] of one.counts) {
        assert.equal(from.perft(depth), count, `${game} ${one.id} perft ${depth}`);
      }
    }
  });
}
