// Child process entry (see start-child-server.ts): the honest baseline of a document upload — bare
// Fastify + @fastify/multipart (the API's copy) streaming the file part to disk through SHA-256,
// answering the digest and size. Constant memory: the bytes are never held whole. The file is
// removed once answered, as the run would otherwise fill the disk (the unlink is cheap next to the write).
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, unlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyPluginAsync } from "fastify";
import Fastify from "fastify";
import { serveChild } from "./serve-child.ts";

const fromBench = createRequire(import.meta.url);
const multipart = createRequire(fromBench.resolve("@signet/api"))("@fastify/multipart") as FastifyPluginAsync<{
  limits: { fileSize: number; files: number };
}>;
interface MultipartFile {
  file: NodeJS.ReadableStream & { truncated: boolean };
}

const directory = process.env.BASELINE_UPLOAD_DIR ?? "";
await mkdir(directory, { recursive: true });
const app = Fastify({ logger: false });
await app.register(multipart, { limits: { fileSize: 60 * 1024 * 1024, files: 1 } });

app.post("/baseline/upload", async (request, reply) => {
  const part = (await (request as unknown as { file(): Promise<MultipartFile | undefined> }).file()) ?? null;
  if (!part) return reply.code(400).send({ code: "NO_FILE" });
  const path = join(directory, randomUUID());
  const hash = createHash("sha256");
  let size = 0;
  const digest = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(part.file, digest, createWriteStream(path));
  await unlink(path);
  return reply.code(201).send({ sha256: hash.digest("hex"), size });
});

await serveChild(app);
