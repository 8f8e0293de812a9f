// The floor for the `start` scenario: plain node, Fastify and a pg pool that has answered once,
// with the /ready route the API answers. What the API loads beyond this is what its start costs.
import Fastify from "fastify";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
await pool.query("SELECT 1");
const app = Fastify();
app.get("/ready", async () => {
  await pool.query("SELECT 1");
  return { status: "ready" };
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
