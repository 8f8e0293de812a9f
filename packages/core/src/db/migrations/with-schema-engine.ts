import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";
import { createMigrationAdapterFactory } from "./migration-adapter-factory.ts";
import { toMigrationError } from "./migration-error.ts";

type EngineClass = typeof SchemaEngine;

interface EngineState {
  engineClass?: Promise<EngineClass>;
  queue: Promise<unknown>;
}

// wasm-bindgen keeps one instance per loaded glue module, and instantiating it twice breaks it.
// Test runners re-evaluate this file per test file while sharing node_modules, so the state lives
// on globalThis rather than in a module variable.
const STATE_KEY = Symbol.for("signet.schemaEngineWasm");
const globals = globalThis as typeof globalThis & { [STATE_KEY]?: EngineState };
const state: EngineState = globals[STATE_KEY] ?? { queue: Promise.resolve() };
globals[STATE_KEY] = state;

// The project's lib settings carry no DOM types, where TypeScript declares WebAssembly.
interface WasmApi {
  instantiate(
    bytes: Uint8Array,
    imports: Record<string, object>,
  ): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
const wasmApi = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

async function loadEngineClass(): Promise<EngineClass> {
  // Node 20 cannot import .wasm modules: instantiate the bytes and hand them to the bindgen glue.
  const glue = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const gluePath = createRequire(import.meta.url).resolve("@prisma/schema-engine-wasm/schema_engine_bg");
  const bytes = await readFile(gluePath.replace(/\.js$/, ".wasm"));
  const { instance } = await wasmApi.instantiate(bytes, { "./schema_engine_bg.js": glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  return glue.SchemaEngine;
}

function engineClass(): Promise<EngineClass> {
  state.engineClass ??= loadEngineClass().catch((error: unknown) => {
    state.engineClass = undefined;
    throw toMigrationError(error, "Loading the Prisma schema engine (wasm) failed");
  });
  return state.engineClass;
}

const debug = process.env.SIGNET_SCHEMA_ENGINE_DEBUG
  ? (line: string) => process.stderr.write(`[schema-engine] ${line}\n`)
  : () => {};

/**
 * Runs `fn` with a schema engine connected to `databaseUrl`, then frees the engine and closes every
 * connection it opened. Calls in one process run one at a time: they share a single wasm instance.
 */
export function withSchemaEngine<T>(databaseUrl: string, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const run = async (): Promise<T> => {
    const EngineClass = await engineClass();
    const adapters = createMigrationAdapterFactory(databaseUrl);
    try {
      const engine = await EngineClass.new(
        { datamodels: undefined },
        debug,
        bindMigrationAwareSqlAdapterFactory(adapters.factory),
      );
      try {
        return await fn(engine);
      } finally {
        engine.free();
      }
    } finally {
      await adapters.close();
    }
  };
  const result = state.queue.then(run);
  state.queue = result.catch(() => {});
  return result;
}
