// Child process entry (see start-child-server.ts): the floor of an import dry run by hand — bare
// Fastify + @fastify/multipart (the API's copy) taking the archive, yauzl unpacking
// every entry, JSON.parse of each section and a Map of its items by natural key. It checks nothing
// and reads no database: what any dry run pays before comparing a single item.
import { createRequire } from "node:module";
import type { FastifyPluginAsync } from "fastify";
import Fastify from "fastify";
import yauzl from "yauzl";
import { serveChild } from "./serve-child.ts";

const fromBench = createRequire(import.meta.url);
const multipart = createRequire(fromBench.resolve("@signet/api"))("@fastify/multipart") as FastifyPluginAsync<{
  limits: { fileSize: number; files: number };
}>;

function entries(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const read = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (streamError, stream) => {
          if (streamError || !stream) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on("data", (chunk: Buffer) => chunks.push(chunk));
          stream.on("end", () => {
            read.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on("end", () => resolve(read));
      zip.readEntry();
    });
  });
}

const keyOf = (item: Record<string, unknown>) =>
  Array.isArray(item.path) ? item.path.join(" / ") : String(item.name ?? item.customFieldId ?? item.url ?? item.kind);

const app = Fastify({ logger: false });
await app.register(multipart, { limits: { fileSize: 30 * 1024 * 1024, files: 1 } });
app.post("/baseline/dry-run", async (request, reply) => {
  const part = await (request as unknown as { file(): Promise<{ toBuffer(): Promise<Buffer> } | undefined> }).file();
  if (!part) return reply.code(400).send({ code: "NO_FILE" });
  const counts: Record<string, number> = {};
  for (const [name, bytes] of await entries(await part.toBuffer())) {
    if (!name.endsWith(".json") || name === "manifest.json") continue;
    const { items } = JSON.parse(bytes.toString("utf8")) as { items: Record<string, unknown>[] };
    counts[name] = new Map(items.map((item) => [keyOf(item), item])).size;
  }
  return reply.code(200).send({ counts });
});

await serveChild(app);
