import { createHmac } from "node:crypto";
import type { SigningRoomSettings } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import {
  DEFAULT_CONSENT_SHA256,
  DEFAULT_CONSENT_VERSION,
  DEFAULT_REVIEW_CONSENT_SHA256,
  DEFAULT_REVIEW_CONSENT_VERSION,
} from "./default-consent.ts";
import { readSigningRoomSettings } from "./signing-room-settings.ts";

type Reader = Db | Prisma.TransactionClient;

export interface CurrentConsent {
  kind: "DEFAULT" | "CUSTOM";
  version: string;
  sha256: string;
  /** CUSTOM: the uploaded PDF */
  blobKey: string | null;
}

/**
 * The consent text participants of the organization agree to now: its default (worded for reviewing
 * when the participant only reviews), or its newest custom upload (the organization's own words).
 */
export async function currentConsent(db: Reader, organizationId: string, reviewOnly = false): Promise<CurrentConsent> {
  const settings = await readSigningRoomSettings(db, organizationId);
  const custom =
    settings.esign_consent_type === "CUSTOM"
      ? await db.consentDocument.findFirst({ where: { organizationId }, orderBy: { version: "desc" } })
      : null;
  return consentOf(settings, custom, reviewOnly);
}

/** The same answer from what is already read: the settings and the newest custom upload (or null). */
export function consentOf(
  settings: Pick<SigningRoomSettings, "esign_consent_type">,
  newestCustom: { version: number; sha256: string; blobKey: string } | null,
  reviewOnly: boolean,
): CurrentConsent {
  if (settings.esign_consent_type === "CUSTOM" && newestCustom) {
    const custom = newestCustom;
    return { kind: "CUSTOM", version: `custom-${custom.version}`, sha256: custom.sha256, blobKey: custom.blobKey };
  }
  return reviewOnly
    ? { kind: "DEFAULT", version: DEFAULT_REVIEW_CONSENT_VERSION, sha256: DEFAULT_REVIEW_CONSENT_SHA256, blobKey: null }
    : { kind: "DEFAULT", version: DEFAULT_CONSENT_VERSION, sha256: DEFAULT_CONSENT_SHA256, blobKey: null };
}

const CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/**
 * The code printed inside the participant's consent PDF (DOMAIN.md §3: typing it back shows they
 * can open the format). Derived, not stored: the same participant and version always get the same
 * code, and nobody can tell it without opening the document.
 */
export function consentCode(linkKey: Buffer, participantId: string, version: string): string {
  const digest = createHmac("sha256", linkKey).update(`consent.${participantId}.${version}`).digest();
  return Array.from(digest.subarray(0, 6), (byte) => CODE_ALPHABET[byte % CODE_ALPHABET.length]).join("");
}
