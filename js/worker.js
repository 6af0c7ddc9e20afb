// The Web Worker of `EngineWorker` (kifu.js): the built-in engine, asked
// for one move at a time, so that the page goes on while it thinks.

import { Engine, Game, init } from "./kifu.js";

let engine = null;

self.onmessage = async ({ data }) => {
  await init();
  if (data.engine) {
    engine = new Engine(data.engine);
    return;
  }
  try {
    const game = new Game(data.game, data.tags);
    for (const move of data.moves) game.push(move);
    self.postMessage({ id: data.id, answer: engine.search(game, data.limits) });
  } catch (error) {
    const { name, message, code, reason, move } = error;
    self.postMessage({ id: data.id, error: { name, message, code, reason, move } });
  }
};
