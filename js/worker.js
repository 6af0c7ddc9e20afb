// The Web Worker of `EngineWorker` (kifu.js): the built-in engine, asked
// for one move at a time, so that the page goes on while it thinks.

import { Engine, Game, init } from "./kifu.js";

let engine = null;
// Why the engine asked for could not be made (a level out of 1 to 8):
// each search is refused with it.
let refused = null;

self.onmessage = async ({ data }) => {
  await init();
  if (data.engine) {
    try {
      engine = new Engine(data.engine);
    } catch (error) {
      refused = error;
    }
    return;
  }
  try {
    if (refused) throw refused;
    const game = new Game(data.game, data.tags);
    for (const move of data.moves) game.push(move);
    self.postMessage({ id: data.id, answer: engine.search(game, data.limits) });
  } catch (error) {
    const { name, message, code, reason, move } = error;
    self.postMessage({ id: data.id, error: { name, message, code, reason, move } });
  }
};
