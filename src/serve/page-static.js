// The static board (`kifu site`): the page of `kifu serve` with no
// server. Its requests are answered by kifu's board in WebAssembly, in a
// Web Worker (board-worker.js), one at a time, so that the page goes on
// while the computer thinks. Loaded before board.js, whose `ask` hands
// every request to `kifuAsk`; what needs the machine (files, saving to
// them, other engines, live matches) is hidden (`data-needs="server"`).
"use strict";
(() => {
  document.documentElement.dataset.backend = "static";
  let worker = null;
  let next = 0;
  // The requests waiting for their answer, by id.
  const waiting = new Map();

  // The worker, started at the first request and again after a failure.
  function started() {
    if (worker) return worker;
    worker = new Worker("board-worker.js", { type: "module" });
    worker.onmessage = ({ data }) => {
      const settle = waiting.get(data.id);
      waiting.delete(data.id);
      if (settle) settle(data);
    };
    // The board stopped (its WebAssembly trapped, or could not load):
    // every request waiting is refused in words, and the next starts a
    // new board (the games of this one are gone).
    worker.onerror = (event) => {
      event.preventDefault();
      const body = JSON.stringify({
        error: "the board stopped: reload the page to start again",
        code: "board.stopped",
      });
      for (const settle of waiting.values()) settle({ status: 500, body });
      waiting.clear();
      worker.terminate();
      worker = null;
    };
    return worker;
  }

  // The answer to `method` on `path` with `body`, as `ask` takes it from
  // kifu serve: a refusal is thrown as an Error with its `code`.
  window.kifuAsk = (method, path, body) => new Promise((resolve, reject) => {
    const id = next++;
    waiting.set(id, ({ status, body: text }) => {
      const answer = JSON.parse(text);
      if (status < 400) return resolve(answer);
      const error = new Error(answer.error);
      error.code = answer.code;
      reject(error);
    });
    const sent = body === undefined ? "" : JSON.stringify(body);
    started().postMessage({ id, method, path, body: sent });
  });
})();
