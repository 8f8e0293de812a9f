// Child process entry (see start-baseline-server.ts): bare Fastify + one pg Pool answering what the
// measured API calls answer, each the best a person would write by hand — the minimal SQL in one
// round trip where one suffices, no ORM, the same JSON. Each module documents its SQL and the
// indexes it relies on (bench/lib/baselines).
import Fastify from "fastify";
import pg from "pg";
import { registerPermissionBaselines } from "./baselines/permissions.ts";
import { registerReportCsvBaseline } from "./baselines/report-csv.ts";
import { registerSigningRoomBaseline } from "./baselines/signing-room.ts";
import { registerWorkspaceBaselines } from "./baselines/workspace.ts";

const pool = new pg.Pool({
  connectionString: process.env.BASELINE_DATABASE_URL,
  max: Number(process.env.BASELINE_POOL_MAX ?? 10),
});
const app = Fastify({ logger: false });
const context = { app, pool, authSecret: Buffer.from(process.env.BASELINE_AUTH_SECRET ?? "", "utf8") };
registerPermissionBaselines(context);
registerWorkspaceBaselines(context);
registerSigningRoomBaseline(context);
registerReportCsvBaseline(context);

let closing = false;
async function shutDown() {
  if (closing) return;
  closing = true;
  await app.close().catch(() => {});
  await pool.end().catch(() => {});
  process.exit(0);
}
process.once("SIGTERM", () => void shutDown());
// the orchestrator died or let go: never outlive it
process.once("disconnect", () => void shutDown());

const address = await app.listen({ host: "127.0.0.1", port: 0 });
// The orchestrator may have gone while this process was starting (its disconnect already passed).
if (!process.connected) await shutDown();
process.send?.({ type: "listening", url: address }, undefined, {}, (error) => {
  if (error) void shutDown();
});
