import { defineConfig } from "tsdown";

// One ESM file. The contract (a private workspace package) is bundled in, its schemas and route
// table with it, so the published package depends on zod alone. Declarations come from tsc
// (tsconfig.build.json, scripts/finish-types.mjs): rolldown-plugin-dts failed on the contract's
// route table and, told to be eager, ran out of memory after four minutes.
export default defineConfig({
  entry: ["src/index.ts"],
  format: "esm",
  platform: "node",
  target: "node20",
  outDir: "dist",
  // dist/types is tsc's, kept between builds with its build info so that an unchanged contract is not
  // declared again (a minute of the pack test); deleting dist starts both afresh
  clean: false,
  dts: false,
  deps: { alwaysBundle: ["@signet/contract"], neverBundle: ["zod"] },
});
