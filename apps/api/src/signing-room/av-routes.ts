import fastifyWebsocket from "@fastify/websocket";
import {
  AV_CHUNK_PATH,
  AV_LIMITS,
  AV_SESSION_MESSAGES,
  AV_SIGNAL_PATH,
  avChunkReceiptSchema,
  avClientMessageSchema,
  errorBodySchema,
  notarizationSigningRoutes,
  avSigningRoutes as routes,
} from "@signet/contract";
import {
  AppError,
  type AvPeer,
  authorizeAvJoin,
  type CoreDeps,
  completeAvSession,
  completeNotarialAct,
  endAvSession,
  listRoomNotarialActs,
  loadAvRoom,
  type SigningContext,
  setAvView,
  signingRoomOrigin,
  startAvSession,
  storeAvChunk,
} from "@signet/core";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { z } from "zod";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { AV_CLOSE, type AvSignalHub, send } from "./av-signal-hub.ts";

const ctx = (request: FastifyRequest): SigningContext => {
  if (!request.signing) throw new AppError("SIGNING_SESSION_ENDED");
  return request.signing;
};

/** Invalid frames a socket may send before it is closed (a buggy client gets told; a hostile one hung up). */
const MAX_INVALID_FRAMES = 20;

/**
 * Issue 16 §2 on the signing origin: the participant's A/V session routes, the host's recording
 * upload, and the WebSocket that signals WebRTC between the session's browsers.
 */
export async function registerAvRoutes(
  app: FastifyInstance,
  deps: CoreDeps,
  authenticate: Authenticate,
  hub: AvSignalHub,
) {
  const room = async (request: FastifyRequest) => loadAvRoom(ctx(request), deps, await hub.online(ctx(request).pkg.id));

  defineRoute(app, authenticate, routes.getAvRoom, async ({ request }) => room(request));
  defineRoute(app, authenticate, routes.startAvSession, async ({ request }) => {
    await startAvSession(ctx(request), deps);
    return room(request);
  });
  defineRoute(app, authenticate, routes.setAvView, async ({ request, body }) => {
    const view = await setAvView(ctx(request), body, deps);
    await hub.broadcast(ctx(request).pkg.id, { type: "view", view });
    return room(request);
  });
  defineRoute(app, authenticate, routes.endAvSession, async ({ request }) => {
    await endAvSession(ctx(request), deps);
    await hub.close(ctx(request).pkg.id, "ENDED");
    return room(request);
  });
  // issue 34 §4: the notary host performs each notarial act during the live session
  defineRoute(app, authenticate, notarizationSigningRoutes.listRoomNotarialActs, async ({ request }) =>
    listRoomNotarialActs(ctx(request), deps),
  );
  defineRoute(app, authenticate, notarizationSigningRoutes.completeNotarialAct, async ({ request, params, body }) =>
    completeNotarialAct(ctx(request), { actId: params.actId, feeCents: body.feeCents }, deps),
  );
  defineRoute(app, authenticate, routes.completeAvSession, async ({ request }) => {
    await completeAvSession(ctx(request), deps);
    await hub.close(ctx(request).pkg.id, "COMPLETED");
    return room(request);
  });

  // the recording arrives as raw bytes, one chunk a request: no multipart framing to buffer twice
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ["application/octet-stream", "video/webm"],
      { parseAs: "buffer", bodyLimit: AV_LIMITS.maxChunkBytes },
      (_request, body, done) => done(null, body),
    );
    const params = z.object({
      index: z.coerce
        .number()
        .int()
        .min(0)
        .max(AV_LIMITS.maxChunks - 1),
    });
    const query = z.object({ elapsedMs: z.coerce.number().int().min(0).max(2_000_000_000).default(0) });
    scope.put(
      AV_CHUNK_PATH,
      {
        // raw bytes have no place in the table-driven document (JSON or multipart bodies only): the
        // "A/V sessions" tag description names this upload
        schema: {
          hide: true,
          summary: `Host only: one chunk of the session recording, raw bytes (application/octet-stream, at most ${AV_LIMITS.maxChunkBytes / (1024 * 1024)} MB); the same index again with the same bytes is accepted once`,
          tags: ["A/V sessions"],
          params,
          querystring: query,
          response: { 200: avChunkReceiptSchema, "4xx": errorBodySchema, "5xx": errorBodySchema },
        },
        preValidation: authenticate("participant"),
      },
      async (request) => {
        const { index } = params.parse(request.params);
        const { elapsedMs } = query.parse(request.query);
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the chunk as application/octet-stream.");
        }
        return storeAvChunk(ctx(request), { index, bytes: request.body, elapsedMs }, deps);
      },
    );
  });

  await app.register(fastifyWebsocket, { options: { maxPayload: AV_LIMITS.maxSignalBytes } });
  // the page that opens the socket must be the signing room itself: its configured origin, or this host
  const sameOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    if (!origin) return false;
    if (origin === signingRoomOrigin(deps.config)) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  };
  app.get(
    AV_SIGNAL_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: [
        // a WebSocket is not bound by CORS: without this any site could connect with the cookie
        async (request: FastifyRequest) => {
          if (!sameOrigin(request)) throw new AppError("FORBIDDEN", "Connect from the signing room.");
        },
        authenticate("participant"),
      ],
    },
    async (socket: WebSocket, request: FastifyRequest) => {
      let peer: AvPeer;
      try {
        peer = await authorizeAvJoin(ctx(request), deps);
      } catch (error) {
        send(socket, { type: "error", message: error instanceof Error ? error.message : "Cannot join." });
        socket.close(1008, "Not allowed");
        return;
      }
      const context = ctx(request);
      let invalid = 0;
      const refuse = (message: string) => {
        invalid += 1;
        send(socket, { type: "error", message });
        if (invalid >= MAX_INVALID_FRAMES) socket.close(AV_CLOSE.abusive, "Too many invalid messages");
      };
      // one message at a time, so that relayed signalling keeps the order the browser sent it in
      let handled: Promise<void> = Promise.resolve();
      socket.on("message", (data, isBinary) => {
        handled = handled
          .then(async () => {
            if (!hub.isMember(peer, socket)) return;
            if (isBinary) return refuse("Send JSON text messages.");
            let parsed: unknown;
            try {
              parsed = JSON.parse(data.toString());
            } catch {
              return refuse("Not JSON.");
            }
            const result = avClientMessageSchema.safeParse(parsed);
            if (!result.success) return refuse("Unknown or invalid message.");
            const message = result.data;
            switch (message.type) {
              case "ping":
                return send(socket, { type: "pong" });
              case "offer":
              case "answer":
                if (
                  !(await hub.sendTo(peer.packageId, message.to, {
                    type: message.type,
                    from: peer.participantId,
                    description: message.description,
                  }))
                )
                  return refuse("That participant is not connected.");
                return;
              case "ice":
                if (
                  !(await hub.sendTo(peer.packageId, message.to, {
                    type: "ice",
                    from: peer.participantId,
                    candidate: message.candidate,
                  }))
                )
                  return refuse("That participant is not connected.");
                return;
              case "view": {
                if (!peer.isHost) return refuse(AV_SESSION_MESSAGES.notHost);
                try {
                  const view = await setAvView(context, message.view, deps);
                  await hub.broadcast(peer.packageId, { type: "view", view });
                } catch (error) {
                  refuse(error instanceof AppError ? error.message : "The view could not be changed.");
                }
                return;
              }
            }
          })
          .catch((error: unknown) => {
            request.log.warn({ err: error }, "A/V signalling message failed");
          });
      });
      const leave = () =>
        hub.leave(peer, socket).catch((error: unknown) => request.log.warn({ err: error }, "A/V leave failed"));
      socket.on("close", leave);
      socket.on("error", leave);
      await hub.join(peer, socket);
      const state = await loadAvRoom(context, deps, await hub.online(peer.packageId)).catch(() => null);
      send(socket, {
        type: "welcome",
        self: peer.participantId,
        view: state?.session?.view ?? null,
        present: (await hub.present(peer.packageId)).filter((member) => member.id !== peer.participantId),
      });
    },
  );
}
