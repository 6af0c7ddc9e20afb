// The types of kifu.js: kifu for JavaScript.

/** A move: its text in kifu's notation and its parts, as `kifu json` gives them. */
export interface Move {
  text: string;
  parts: { from?: string; to?: string; [part: string]: unknown };
}

/** A game's outcome once over. */
export interface Outcome {
  result: string;
  winner: string | null;
  reason: string | null;
  scores: { player: string; score: number; place: number }[] | null;
}

/** The start of a game: its tags by name (`setup`, `position`, `players`...), or a seed. */
export interface StartOptions {
  seed?: number;
  [tag: string]: string | number | undefined;
}

/** The limits of a search. */
export interface SearchLimits {
  /** Milliseconds (100 by default; a depth or a node count alone has no time limit). */
  time?: number;
  depth?: number;
  nodes?: number;
}

/** The engine's answer. */
export interface Answer {
  moves: string[];
  resigned: boolean;
  /** From the mover's view: `cp N`, `win N` or `loss N`. */
  score: string | null;
  pv: string[];
  /** The depth its search reached, the nodes it searched and its milliseconds, as its last `info` said. */
  depth: number | null;
  nodes: number | null;
  time: number | null;
}

/** The verdict of a record, as `kifu validate --format json` gives it. */
export interface Verdict {
  file: string;
  line: number;
  valid: boolean;
  game?: string;
  plies: number;
  error?: { line: number; column: number; code: string; reason: string; message: string; [key: string]: unknown };
  [key: string]: unknown;
}

/** Loads the WebAssembly module, once (from beside this file, or `source`). */
export declare function init(source?: string | URL): Promise<void>;

/** The names of the games. */
export declare function games(): string[];

/** A move the rules refuse. */
export declare class IllegalMove extends Error {
  code: string;
  reason: string;
  move: string;
}

/** A game played move by move from its start. */
export declare class Game {
  constructor(name: string, options?: StartOptions);
  readonly game: string;
  readonly startTags: { [name: string]: string };
  readonly players: string[];
  readonly turn: string | undefined;
  readonly constraint: string | undefined;
  readonly moves: Move[];
  legalMoves(): Move[];
  push(move: string | Move): Move;
  pushTurn(moves: (string | Move)[]): Move[];
  pop(): Move;
  isOver(): boolean;
  outcome(): Outcome | null;
  result(): string;
  position(): string;
  positionJson(): unknown;
  perft(depth: number): number;
  svg(options?: { flip?: boolean }): string;
  record(): string;
  copy(): Game;
}

/** A record read and judged. */
export declare class Record {
  readonly line: number;
  readonly tags: { [name: string]: string };
  validate(): Verdict;
  isValid(): boolean;
  json(options?: { positions?: boolean }): unknown;
  mainline(): string[];
  format(options?: { width?: number }): string;
  text(): string;
  game(ply?: number): Game;
}

/** The records of a file's text or bytes, each judged. */
export declare function readRecords(text: string | Uint8Array, options?: { file?: string }): Record[];

/** The verdicts of every record of a file's text or bytes. */
export declare function validate(text: string | Uint8Array, options?: { file?: string }): Verdict[];

/** The built-in engine, searching in this thread. */
export declare class Engine {
  constructor(options?: { level?: number; seed?: number });
  readonly name: string;
  search(game: Game, limits?: SearchLimits): Answer;
}

/** The engine's move in `game`. */
export declare function search(game: Game, options?: SearchLimits & { level?: number; seed?: number }): Answer;

/** The built-in engine in a Web Worker: the page goes on while it thinks. */
export declare class EngineWorker {
  constructor(options?: { level?: number; seed?: number });
  search(game: Game, limits?: SearchLimits): Promise<Answer>;
  terminate(): void;
}
