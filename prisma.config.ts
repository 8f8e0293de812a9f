import { defineConfig } from "prisma/config";

// Used by `prisma generate` only; migrations run through our wasm runner (packages/core/src/db/migrations).
export default defineConfig({
  schema: "prisma/schema",
  migrations: { path: "prisma/migrations" },
});
