// What the tests share: the repository's paths, the `kifu` binary they
// compare the package with ($KIFU, or target/debug/kifu, which `cargo
// test` builds), and its JSON lines.

import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const FIXTURES = join(ROOT, "fixtures");
export const KIFU = process.env.KIFU ?? join(ROOT, "target", "debug", "kifu");

if (!existsSync(KIFU)) throw new Error(`${KIFU} is missing: build it with \`cargo build\` (or set KIFU)`);

/** What `kifu ARGS` prints on standard output, run at the repository's root, whatever its status. */
export function kifu(...args) {
  const run = spawnSync(KIFU, args, { cwd: ROOT, encoding: "utf8", maxBuffer: 1 << 28 });
  if (run.error) throw run.error;
  return run.stdout;
}

/** The JSON lines `kifu ARGS` prints, parsed. */
export function kifuJson(...args) {
  return kifu(...args).split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));
}

/** Every record file under fixtures/, relative to the root, sorted. */
export function fixtureFiles(dir = FIXTURES) {
  const files = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...fixtureFiles(path));
    else if (name.endsWith(".kifu")) files.push(relative(ROOT, path));
  }
  return files.sort();
}
