// Child process entry (see start-child-server.ts): the honest baseline of a document upload — bare
// Fastify + @fastify/multipart (the API's copy) streaming the file part to disk through SHA-256,
// answering the digest and size. Constant memory: the bytes are never held whole. The file is synced
// to disk before the answer, as the API's storage does: a 201 for a legal record means it survives a
// crash. The file is kept, as the API keeps its document: the bench removes both sides' files once
// answered (see upload-50mb.ts), so the run does not fill the disk.
import { createHash, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, open } from "node:fs/promises";
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
  const file = randomUUID();
  const path = join(directory, file);
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
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  return reply.code(201).send({ sha256: hash.digest("hex"), size, file });
});

await serveChild(app);
