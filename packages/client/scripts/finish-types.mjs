import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

// tsc writes the declarations as the sources import each other: "./x.ts" and "@signet/contract".
// An installed package has neither: point them at the .js names (which TypeScript resolves to the
// .d.ts beside them) and at the contract's declarations shipped under dist/types/contract.

const root = new URL("../dist/types/", import.meta.url).pathname;
const contractIndex = join(root, "contract/src/index.js");

/** @param {string} dir @returns {Generator<string>} */
function* declarations(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* declarations(path);
    else if (entry.name.endsWith(".d.ts")) yield path;
  }
}

for (const file of declarations(root)) {
  const toContract = relative(dirname(file), contractIndex);
  const text = readFileSync(file, "utf8")
    .replace(/(["'])(\.{1,2}\/[^"']+)\.ts\1/g, "$1$2.js$1")
    .replaceAll('"@signet/contract"', `"${toContract.startsWith(".") ? toContract : `./${toContract}`}"`);
  writeFileSync(file, text);
}
