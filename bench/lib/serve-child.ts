import type { FastifyInstance } from "fastify";

/**
 * The end of a child server module (see start-child-server.ts): listens on a free port of
 * 127.0.0.1, tells the parent its URL over IPC, and exits when told to or when the parent lets go.
 */
export async function serveChild(app: FastifyInstance, onClose: () => Promise<void> = async () => {}): Promise<void> {
  let closing = false;
  const shutDown = async () => {
    if (closing) return;
    closing = true;
    await app.close().catch(() => {});
    await onClose().catch(() => {});
    process.exit(0);
  };
  process.once("SIGTERM", () => void shutDown());
  // the orchestrator died or let go: never outlive it
  process.once("disconnect", () => void shutDown());
  const address = await app.listen({ host: "127.0.0.1", port: 0 });
  if (!process.connected) return shutDown();
  process.send?.({ type: "listening", url: address }, undefined, {}, (error) => {
    if (error) void shutDown();
  });
}
