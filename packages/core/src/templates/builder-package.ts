import { randomUUID } from "node:crypto";
import { INITIAL_PACKAGE_STATUS, TEMPLATE_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { isUniqueViolation } from "../concurrency/versioned-write.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { newShortId } from "../packages/short-id.ts";
import type { Tx } from "./template-access.ts";

export type TemplateKind = "DOCUMENT_TEMPLATE" | "PACKAGE_TEMPLATE";

/**
 * The hidden package a template is edited in: no package groups (no workspace, report or group
 * listing shows it), never sent, reachable by settings admins through the ordinary package routes.
 */
export async function createBuilderPackage(
  tx: Tx,
  actor: Actor,
  input: { organizationId: string; packageId: string; name: string; kind: TemplateKind },
) {
  return tx.package.create({
    data: {
      id: input.packageId,
      organizationId: input.organizationId,
      shortId: newShortId(),
      name: input.name,
      status: INITIAL_PACKAGE_STATUS,
      createdById: actor.kind === "user" ? actor.userId : null,
      templateKind: input.kind,
    },
  });
}

export const newPackageId = () => randomUUID();

/**
 * Runs a template's creating transaction (whose name check answers 'already exists'): a unique
 * clash (a concurrent creation of the same name, or a short id drawn twice) is retried, and the
 * retry's name check then explains it.
 */
export async function createTemplateTransaction<T>(deps: CoreDeps, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.$transaction(work);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 4) throw error;
    }
  }
}

export const templateExists = (kind: TemplateKind) => {
  const message =
    kind === "DOCUMENT_TEMPLATE" ? TEMPLATE_MESSAGES.documentTemplateExists : TEMPLATE_MESSAGES.packageTemplateExists;
  return new AppError("ALREADY_EXISTS", message, [{ path: "name", message }]);
};
