import type { CoreDeps } from "@signet/core";
import type { FastifyInstance } from "fastify";
import type { Authenticate } from "../plugins/define-route.ts";

export function registerMembershipRoutes(_app: FastifyInstance, _deps: CoreDeps, _authenticate: Authenticate) {}
