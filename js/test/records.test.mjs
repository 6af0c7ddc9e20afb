// Every fixture read by the package: its verdicts those of `kifu validate
// --format json`, its JSON that of `kifu json`, written back as `kifu fmt`
// writes it.

import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { Game, IllegalMove, init, readRecords, validate } from "../kifu.js";
import { ROOT, fixtureFiles, kifu, kifuJson } from "./support.mjs";

await init();
const files = fixtureFiles();
const bytes = (file) => readFileSync(join(ROOT, file));

test("every fixture has the verdicts of the command line", () => {
  assert.ok(files.length > 300, `${files.length} files`);
  const expected = kifuJson("validate", "--format", "json", "-j", "1", ...files);
  const got = files.flatMap((file) => validate(bytes(file), { file }));
  assert.equal(got.length, expected.length);
  got.forEach((verdict, i) => assert.deepEqual(verdict, expected[i]));
  assert.ok(got.some((v) => v.valid) && got.some((v) => !v.valid));
});

test("every fixture reads as kifu json writes it", () => {
  const expected = kifuJson("json", ...files);
  const got = files.flatMap((file) => readRecords(bytes(file), { file }).map((r) => r.json()));
  assert.equal(got.length, expected.length);
  got.forEach((json, i) => assert.deepEqual(json, expected[i], files[i]));
});

test("valid records are written back as kifu fmt writes them", () => {
  const valid = files.filter((file) => file.includes("/valid/"));
  assert.ok(valid.length > 80);
  for (const file of valid) {
    const written = readRecords(bytes(file), { file }).map((r) => r.format()).join("\n");
    assert.equal(written, kifu("fmt", file), file);
  }
});

test("a record becomes a game at any ply, up to its fault", () => {
  const file = "fixtures/mana/valid/black-wins.kifu";
  const [record] = readRecords(bytes(file), { file });
  const line = record.mainline();
  assert.equal(line.length, 23);
  const end = record.game();
  assert.ok(end.isOver());
  assert.equal(end.result(), "B+");
  const fourth = record.game(4);
  assert.deepEqual(fourth.moves.map((m) => m.text), line.slice(0, 4));
  const legal = kifu("moves", file, "--ply", "4").split(/\s+/).filter(Boolean);
  assert.deepEqual(fourth.legalMoves().map((m) => m.text), legal);
  assert.throws(() => record.game(24), { message: "the main line has 23 plies, not 24" });
  const [bad] = readRecords('[Game "mana"]\n[Setup "b1 c6"]\n\n1. a1-c2 a6-a5 2. c2-c4 c6-c5 *\n');
  assert.deepEqual(bad.mainline(), ["a1-c2", "a6-a5"]);
  assert.equal(bad.validate().error.code, "mana.too-far");
});

test("a game is played, refused, taken back and drawn as the command line does", () => {
  const game = new Game("mana", { setup: "c1 c6" });
  assert.equal(game.turn, "Black");
  assert.deepEqual(game.startTags, { Setup: "c1 c6" });
  const legal = game.legalMoves();
  assert.equal(legal.length, 16);
  assert.ok(legal.every((m) => typeof m.parts.from === "string" && typeof m.parts.to === "string"));
  const played = game.push("e1-e4");
  assert.equal(played.text, "e1-e4");
  assert.equal(game.turn, "White");
  const refused = (() => {
    try {
      game.push("b6-b4");
    } catch (error) {
      return error;
    }
  })();
  assert.ok(refused instanceof IllegalMove);
  assert.equal(refused.code, "mana.disobeys-bird");
  assert.equal(refused.move, "b6-b4");
  assert.match(refused.reason, /^disobeys the bird/);
  assert.equal(game.moves.length, 1);
  assert.equal(game.pop().text, "e1-e4");
  assert.throws(() => game.pop(), RangeError);
  assert.equal(game.position(), new Game("mana", { setup: "c1 c6" }).position());
  game.push("e1-e4");
  const file = join(mkdtempSync(join(tmpdir(), "kifu-js-")), "game.kifu");
  writeFileSync(file, game.record());
  assert.equal(game.svg(), kifu("render", file, "--format", "svg"));
  assert.deepEqual(readRecords(game.record())[0].mainline(), ["e1-e4"]);
  assert.equal(readRecords(game.record())[0].tags.Setup, "c1 c6");
  assert.throws(() => new Game("chess"), { message: 'no game "chess": the games are mana, escampe, shogun, lotus' });
  assert.throws(() => new Game("escampe"), { message: "escampe has no default setup: give one with setup, or draw one with seed" });
  assert.equal(new Game("escampe", { seed: 7 }).game, "escampe");
});
