import type { CoreDeps } from "@signet/core";
import type { FastifyInstance } from "fastify";
import type { Authenticate } from "../plugins/define-route.ts";

/** Routes of data-collection groups and fields, and signer uploads (stips) (issue 4 §5). */
export function registerDataCollectionRoutes(_app: FastifyInstance, _deps: CoreDeps, _authenticate: Authenticate) {}
