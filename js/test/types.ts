// The README's example and the rest of the API, checked against kifu.d.ts
// by TypeScript (js/test.sh: `tsc --noEmit --strict`); never run.

import { Engine, EngineWorker, Game, IllegalMove, init, readRecords, search, validate } from "../kifu.js";
import type { Answer, Move, Verdict } from "../kifu.js";

export async function example(): Promise<string> {
  await init();
  const game = new Game("mana", { setup: "c1 c6" });
  while (!game.isOver()) game.push(search(game, { depth: 2 }).moves[0]);
  const legal: Move[] = new Game("lotus", { players: "red green orange" }).legalMoves();
  const from: string | undefined = legal[0].parts.from;
  try {
    new Game("mana").push("b6-b4");
  } catch (e) {
    if (e instanceof IllegalMove) return `${e.code} ${e.reason} ${e.move}`;
  }
  const [record] = readRecords('[Game "mana"]\n\n1. e1-e4 b6-b4 *\n', { file: "a.kifu" });
  const verdict: Verdict = record.validate();
  const verdicts: Verdict[] = validate(new Uint8Array(), { file: "b.kifu" });
  const answer: Answer = new Engine({ level: 3 }).search(record.game(1), { time: 50 });
  const later: Answer = await new EngineWorker().search(game, { nodes: 1000 });
  const outcome = game.outcome();
  return [game.result(), outcome?.winner, from, verdict.error?.code, verdicts.length, answer.score, later.pv,
    record.format({ width: 60 }), game.svg({ flip: true }), game.record(), game.copy().position()].join();
}
