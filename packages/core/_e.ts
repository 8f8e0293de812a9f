import { startEmbeddedPostgres } from "./src/db/embedded-postgres.ts";
import pg from "pg";
const dir = process.argv[2]!;
let t = performance.now();
const h = await startEmbeddedPostgres({ dataDir: dir, port: 55433 });
console.log("start ms", Math.round(performance.now() - t));
const c = new pg.Client(h.databaseUrl); await c.connect();
console.log((await c.query("select lower('ÄÖÉ') l, upper('straße') u, datlocprovider, datlocale, datcollate, datctype, pg_encoding_to_char(encoding) enc, version() from pg_database where datname='signet'")).rows); await c.end();
await h.stop();
