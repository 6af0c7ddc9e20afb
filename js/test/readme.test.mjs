// The example of js/README.md runs as written, in ten lines; the package
// packs with what it needs; the types name what the module exports.

import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import * as kifu from "../kifu.js";
import { ROOT } from "./support.mjs";

const JS = join(ROOT, "js");

test("the README example runs as written", () => {
  const readme = readFileSync(join(JS, "README.md"), "utf8");
  const [, example] = readme.match(/```js\n([\s\S]*?)```/);
  assert.ok(example.trim().split("\n").length <= 10);
  const file = join(JS, "test", ".readme-example.mjs");
  writeFileSync(file, example.replace('"./kifu.js"', '"../kifu.js"'));
  const lines = execFileSync("node", [file], { encoding: "utf8" }).trim().split("\n");
  assert.match(lines[0], /^(B\+|W\+) \d+ plies$/);
  assert.deepEqual(lines.slice(1), ["true mana.opponents-piece", "false mana.disobeys-bird"]);
});

test("npm pack takes the module, its types, its worker and the WebAssembly", () => {
  const [packed] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: JS, encoding: "utf8" }));
  const files = packed.files.map((f) => f.path).sort();
  assert.deepEqual(files, [
    "README.md",
    "kifu.d.ts",
    "kifu.js",
    "package.json",
    "pkg/kifu_wasm.d.ts",
    "pkg/kifu_wasm.js",
    "pkg/kifu_wasm_bg.wasm",
    "worker.js",
  ]);
});

test("the types declare every export of the module", () => {
  const types = readFileSync(join(JS, "kifu.d.ts"), "utf8");
  for (const name of Object.keys(kifu)) {
    assert.match(types, new RegExp(`export (declare )?(function|class|const) ${name}\\b`), name);
  }
});
