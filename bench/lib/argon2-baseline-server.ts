// Child process entry (see start-child-server.ts): the honest baseline of password sign-in — bare
// Fastify doing one argon2 verify of the bench user's stored hash (read once at start; it carries
// the product's OWASP parameters: argon2id, 19 MiB, 2 iterations, 1 lane) with the same library
// (@node-rs/argon2, core's copy). No database, no token: issue 17 compares sign-in with "bare argon2
// verify throughput".
import { createRequire } from "node:module";
import Fastify from "fastify";
import { serveChild } from "./serve-child.ts";

interface Argon2 {
  verify(hashed: string, password: string): Promise<boolean>;
}
const fromBench = createRequire(import.meta.url);
const { verify } = createRequire(fromBench.resolve("@signet/core"))("@node-rs/argon2") as Argon2;

const passwordHash = process.env.BASELINE_PASSWORD_HASH ?? "";
const app = Fastify({ logger: false });
// the same form body as /cas/oauth/token
app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
  done(null, Object.fromEntries(new URLSearchParams(body as string))),
);
app.post<{ Body: { password?: string } }>("/baseline/sign-in", async (request, reply) => {
  const ok = await verify(passwordHash, request.body.password ?? "");
  return ok ? { ok } : reply.code(401).send({ ok });
});

await serveChild(app);
