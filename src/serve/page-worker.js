// The static board's Web Worker (`kifu site`): kifu's board in
// WebAssembly (kifu_wasm.js, the JavaScript package's module), answering
// the page's requests one at a time, as kifu serve answers them.
import init, { Board } from "./kifu_wasm.js";

const board = init().then(() => new Board());

self.onmessage = async ({ data }) => {
  const reply = (await board).request(data.method, data.path, data.body);
  self.postMessage({ id: data.id, status: reply.status, body: reply.body });
  reply.free();
};
