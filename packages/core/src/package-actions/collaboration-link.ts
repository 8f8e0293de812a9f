import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { PACKAGE_ACTION_MESSAGES } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { Config } from "../config/config.ts";
import type { CoreDeps } from "../core-deps.ts";
import { AppError, forbidden } from "../errors/app-error.ts";
import { findVisiblePackage } from "../packages/find-package.ts";
import { loadPackageAccess } from "../packages/package-access.ts";

/** How long a collaboration link opens the package (the signing room re-checks the package then). */
export const COLLABORATION_LINK_SECONDS = 60 * 60;

/** A key of its own for signed links, so a link can never pass as a session token (those use AUTH_SECRET itself). */
export function linkSigningKey(authSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", authSecret, "signet", "signed-links", 32));
}

export interface CollaborationClaims {
  organizationId: string;
  packageId: string;
  userId: string;
  /** seconds since the epoch */
  exp: number;
}

const mac = (key: Buffer, body: string) =>
  createHmac("sha256", key).update(`collaboration.${body}`).digest("base64url");

export function signCollaborationToken(key: Buffer, claims: CollaborationClaims): string {
  const body = Buffer.from(JSON.stringify(claims)).toString("base64url");
  return `${body}.${mac(key, body)}`;
}

/** The claims of a genuine, unexpired token signed with any of the keys, else null (the signing room, issue 5). */
export function verifyCollaborationToken(
  keys: Buffer | readonly Buffer[],
  token: string,
  now = new Date(),
): CollaborationClaims | null {
  const [body, signature] = token.split(".");
  if (!body || !signature) return null;
  const given = Buffer.from(signature);
  const genuine = (key: Buffer) => {
    const expected = Buffer.from(mac(key, body));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  if (!(Array.isArray(keys) ? keys : [keys]).some(genuine)) return null;
  const claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as CollaborationClaims;
  return typeof claims.exp === "number" && claims.exp * 1000 > now.getTime() ? claims : null;
}

/** The signing room's origin: SIGNING_ROOM_URL, else the public host on the signing-room port. */
export function signingRoomOrigin(config: Pick<Config, "SIGNING_ROOM_URL" | "SIGNING_ROOM_PORT" | "publicUrl">) {
  if (config.SIGNING_ROOM_URL) return config.SIGNING_ROOM_URL.replace(/\/$/, "");
  const url = new URL(config.publicUrl);
  url.port = String(config.SIGNING_ROOM_PORT);
  return url.origin;
}

/**
 * Issue 4 §2: a link that opens the package for collaboration in the signing room, when the
 * organization enabled collaboration and the package allows it. The signing-room page that
 * consumes the link arrives with issue 5.
 */
export async function createCollaborationLink(
  actor: Actor,
  input: { organizationId: string; packageId: string },
  deps: CoreDeps,
): Promise<{ collaborationURL: string }> {
  const access = await loadPackageAccess(actor, input.organizationId, deps);
  access.require("MANAGE_DOCUMENTS_PACKAGES");
  const found = await findVisiblePackage(deps.db, access, input.packageId);
  if (!access.canManage(found.groupIds) || actor.kind !== "user") throw forbidden();
  const [organization, pkg] = await Promise.all([
    deps.db.organization.findUniqueOrThrow({
      where: { id: input.organizationId },
      select: { enabledPkgCollaboration: true },
    }),
    deps.db.package.findUniqueOrThrow({ where: { id: input.packageId }, select: { packageCollaboration: true } }),
  ]);
  if (!organization.enabledPkgCollaboration) {
    throw new AppError("CONFLICT", PACKAGE_ACTION_MESSAGES.collaborationDisabledForOrganization);
  }
  if (!pkg.packageCollaboration) {
    throw new AppError("CONFLICT", PACKAGE_ACTION_MESSAGES.collaborationDisabledForPackage);
  }
  if (!deps.linkKey) throw new Error("linkKey is not configured");
  const exp = Math.floor(Date.now() / 1000) + COLLABORATION_LINK_SECONDS;
  const token = signCollaborationToken(deps.linkKey, { ...input, userId: actor.userId, exp });
  await deps.db.$transaction((tx) =>
    // the token itself is a credential: the audit records only who asked and until when it works
    appendAuditEvent(tx, actor, {
      organizationId: input.organizationId,
      streamType: "package",
      streamId: input.packageId,
      type: "package.collaboration-link-created",
      data: { expiresAt: new Date(exp * 1000).toISOString() },
    }),
  );
  return { collaborationURL: `${signingRoomOrigin(deps.config)}/collaboration?token=${encodeURIComponent(token)}` };
}
