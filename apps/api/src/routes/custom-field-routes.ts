import type { CoreDeps } from "@signet/core";
import type { FastifyInstance } from "fastify";
import type { Authenticate } from "../plugins/define-route.ts";

/** Routes of organization custom fields and package/document custom field values (issue 4 §5). */
export function registerCustomFieldRoutes(_app: FastifyInstance, _deps: CoreDeps, _authenticate: Authenticate) {}
