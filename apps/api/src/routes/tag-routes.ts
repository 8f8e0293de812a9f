import type { CoreDeps } from "@signet/core";
import type { FastifyInstance } from "fastify";
import type { Authenticate } from "../plugins/define-route.ts";

/** Routes of tags, conditional rules and document-participants (issue 4 §3–4). */
export function registerTagRoutes(_app: FastifyInstance, _deps: CoreDeps, _authenticate: Authenticate) {}
