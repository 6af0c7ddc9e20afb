// kifu for JavaScript: the rules, the records and the engine of Mana,
// Escampe, Shogun and Flower of the Lotus, from the same Rust library as
// the `kifu` command and the Python package, as WebAssembly. See
// docs/javascript.md.

import * as wasm from "./pkg/kifu_wasm.js";

let started = null;

/**
 * Loads the WebAssembly module, once; every other call waits for it. In a
 * page it is fetched beside this file (or from `source`); in Node it is
 * read from the package's folder.
 */
export function init(source) {
  started ??= (async () => {
    const url = source ?? new URL("./pkg/kifu_wasm_bg.wasm", import.meta.url);
    if (globalThis.process?.versions?.node && !source) {
      const { readFile } = await import("node:fs/promises");
      wasm.initSync({ module: await readFile(url) });
    } else {
      await wasm.default({ module_or_path: url });
    }
  })();
  return started;
}

/** A move the rules refuse: its `code`, `reason` and `move`. */
export class IllegalMove extends Error {
  constructor({ message, code, reason, move }) {
    super(message);
    this.name = "IllegalMove";
    this.code = code;
    this.reason = reason;
    this.move = move;
  }
}

/** Calls `f`, turning the errors the Rust side throws into JavaScript's. */
function call(f) {
  try {
    return f();
  } catch (thrown) {
    if (typeof thrown !== "string") throw thrown;
    const error = JSON.parse(thrown);
    throw error.name === "IllegalMove" ? new IllegalMove(error) : new Error(error.message);
  }
}

/** The names of the games. */
export function games() {
  return wasm.games();
}

/** A game played move by move from its start, as python-chess's Board. */
export class Game {
  #game;

  /**
   * A game of `name` ("mana", "escampe", "shogun", "lotus") from the start
   * `options` give: `setup`, `position` and the game's other start tags by
   * name (`players`, `flowers`, `course`, `rotation`, `first`, `discs`), or
   * `seed` for a start drawn as `kifu random` draws it. Without any, the
   * start `kifu new` gives.
   */
  constructor(name, options = {}) {
    if (name instanceof wasm.Game) {
      this.#game = name;
      return;
    }
    const { seed, ...tags } = options;
    const pairs = JSON.stringify(Object.entries(tags).map(([k, v]) => [k, String(v)]));
    this.#game = call(() => new wasm.Game(name, pairs, seed));
  }

  /** The game's name. */
  get game() {
    return this.#game.game;
  }
  /** The tags a record of this game starts with, as an object. */
  get startTags() {
    return Object.fromEntries(JSON.parse(call(() => this.#game.startTags())));
  }
  /** Every player, in the order of the turns. */
  get players() {
    return this.#game.players();
  }
  /** The player to move, or undefined once the game is over. */
  get turn() {
    return this.#game.turn;
  }
  /** The rule in force on the next move, in words, if any. */
  get constraint() {
    return this.#game.constraint();
  }
  /** The moves played, each `{text, parts}`. */
  get moves() {
    return JSON.parse(call(() => this.#game.moves()));
  }
  /** Every legal move, each `{text, parts}` (its squares among the parts). */
  legalMoves() {
    return JSON.parse(call(() => this.#game.legalMoves()));
  }
  /** Plays `move` (its text, or a move of `legalMoves`); IllegalMove when refused. */
  push(move) {
    const text = typeof move === "string" ? move : move.text;
    return JSON.parse(call(() => this.#game.push(text)));
  }
  /** Lotus: plays a whole turn, its pawn moves in order; other games: one move. */
  pushTurn(moves) {
    return JSON.parse(call(() => this.#game.pushTurn(moves.map((m) => m.text ?? m))));
  }
  /** Takes back the last move and gives it; a RangeError at the start. */
  pop() {
    const move = this.#game.pop();
    if (move === undefined) throw new RangeError("pop from a game with no moves");
    return JSON.parse(move);
  }
  /** Whether the game is over. */
  isOver() {
    return this.turn === undefined;
  }
  /** The outcome once over, `{result, winner, reason, scores}`, else null. */
  outcome() {
    const outcome = this.#game.outcome();
    return outcome === undefined ? null : JSON.parse(outcome);
  }
  /** The result as a `Result` tag says it: "*" while the game goes on. */
  result() {
    return this.outcome()?.result ?? "*";
  }
  /** The position as a `Position` tag's value. */
  position() {
    return this.#game.position();
  }
  /** The position as `kifu json --positions` describes it. */
  positionJson() {
    return JSON.parse(call(() => this.#game.positionJson()));
  }
  /** The number of legal move sequences of `depth` plies from here. */
  perft(depth) {
    return this.#game.perft(depth);
  }
  /** The board as `kifu render --format svg` draws it; `flip` turns it. */
  svg({ flip = false } = {}) {
    return this.#game.svg(flip);
  }
  /** The game as a record: its start's tags, its moves, its result once over. */
  record() {
    return this.#game.record();
  }
  /** A copy: the same start, moves and position. */
  copy() {
    return new Game(this.#game.copy());
  }
  /** The Rust side, for `Engine`. */
  get _inner() {
    return this.#game;
  }
}

/** A record read and judged by the referee, as `kifu validate` judges it. */
export class Record {
  #record;
  constructor(inner) {
    this.#record = inner;
  }
  /** The line it starts on, or that of its syntax error. */
  get line() {
    return this.#record.line;
  }
  /** Its tags, by name, in the order written. */
  get tags() {
    return Object.fromEntries(JSON.parse(call(() => this.#record.tags())));
  }
  /** The verdict as `kifu validate --format json` gives it. */
  validate() {
    return JSON.parse(call(() => this.#record.validate()));
  }
  /** Whether the referee finds it valid. */
  isValid() {
    return this.validate().valid;
  }
  /** The record as `kifu json` describes it (`positions`: each position too). */
  json({ positions = false } = {}) {
    return JSON.parse(call(() => this.#record.json(positions)));
  }
  /** The moves of its main line, as the referee writes them, up to a fault. */
  mainline() {
    return call(() => this.#record.mainline());
  }
  /** The text `kifu fmt` writes for it. */
  format({ width = 80 } = {}) {
    return call(() => this.#record.format(width));
  }
  /** Its text as read. */
  text() {
    return call(() => this.#record.text());
  }
  /** The game after `ply` plies of its main line (by default where it ends). */
  game(ply) {
    return new Game(call(() => this.#record.game(ply)));
  }
}

/**
 * The records of `text` (a string, or a file's bytes as a Uint8Array, named
 * `file` in verdicts), each judged, read as `kifu validate` reads a file.
 */
export function readRecords(text, { file = "-" } = {}) {
  const bytes = typeof text === "string" ? new TextEncoder().encode(text) : text;
  return call(() => wasm.readRecords(bytes, file)).map((inner) => new Record(inner));
}

/** The verdicts of every record of `text`, as `kifu validate --format json`. */
export function validate(text, options) {
  return readRecords(text, options).map((record) => record.validate());
}

/**
 * The built-in engine, searching in this thread: at full strength, or at
 * `level` (1 to 8, its mistakes drawn from `seed`). In a page, use
 * `EngineWorker`, which searches without freezing it.
 */
export class Engine {
  #engine;
  constructor({ level, seed } = {}) {
    this.#engine = call(() => new wasm.Engine(level, seed));
  }
  /** The engine's name. */
  get name() {
    return this.#engine.name;
  }
  /**
   * Its move in `game`: within `time` ms (100 by default; a depth or a node
   * count alone has no time limit), at most `depth` plies and `nodes`
   * nodes. Gives `{moves, resigned, score, pv, depth, nodes, time}`.
   */
  search(game, { time, depth, nodes } = {}) {
    return JSON.parse(call(() => this.#engine.search(game._inner, time, depth, nodes)));
  }
}

/** The engine's move in `game` (options as `Engine.search`, and `level`). */
export function search(game, { level, seed, ...limits } = {}) {
  return new Engine({ level, seed }).search(game, limits);
}

/**
 * The built-in engine in a Web Worker (`worker.js`): `search` gives a
 * promise, and the page goes on while it thinks.
 */
export class EngineWorker {
  #worker;
  #asked = new Map();
  #next = 0;
  constructor({ level, seed } = {}) {
    this.#worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.#worker.onmessage = ({ data }) => {
      const { resolve, reject } = this.#asked.get(data.id);
      this.#asked.delete(data.id);
      if (data.error) reject(data.error.name === "IllegalMove" ? new IllegalMove(data.error) : new Error(data.error.message));
      else resolve(data.answer);
    };
    this.#worker.postMessage({ engine: { level, seed } });
  }
  /** As `Engine.search`, in the worker. */
  search(game, limits = {}) {
    const id = this.#next++;
    const asked = { id, game: game.game, tags: game.startTags, moves: game.moves.map((m) => m.text), limits };
    return new Promise((resolve, reject) => {
      this.#asked.set(id, { resolve, reject });
      this.#worker.postMessage(asked);
    });
  }
  /** Ends the worker. */
  terminate() {
    this.#worker.terminate();
  }
}
