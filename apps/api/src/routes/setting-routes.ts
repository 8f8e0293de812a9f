import type { CoreDeps } from "@signet/core";
import type { FastifyInstance } from "fastify";
import type { Authenticate } from "../plugins/define-route.ts";

/** Routes of organization settings used by packages (issue 4 §2, §6). */
export function registerSettingRoutes(_app: FastifyInstance, _deps: CoreDeps, _authenticate: Authenticate) {}
