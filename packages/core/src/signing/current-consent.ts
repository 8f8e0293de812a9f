import { createHmac } from "node:crypto";
import type { SigningRoomSettings } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import {
  DEFAULT_CONSENT_SHA256,
  DEFAULT_CONSENT_UPDATED_ON,
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
  /** the day (YYYY-MM-DD) the text last changed: the default texts' date, or the custom upload's */
  updatedOn: string;
  /** the organization asks for the code printed in the consent PDF (DOMAIN.md §3's stricter option) */
  codeRequired: boolean;
}

type CustomUpload = { version: number; sha256: string; blobKey: string; createdAt: Date | string };

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

/**
 * The same answer from what is already read: the settings and the newest custom upload (or null;
 * its createdAt is a string when it was read as JSON).
 */
export function consentOf(
  settings: Pick<SigningRoomSettings, "esign_consent_type" | "esign_consent_code_required">,
  newestCustom: CustomUpload | null,
  reviewOnly: boolean,
): CurrentConsent {
  const codeRequired = settings.esign_consent_code_required;
  if (settings.esign_consent_type === "CUSTOM" && newestCustom) {
    const custom = newestCustom;
    return {
      kind: "CUSTOM",
      version: `custom-${custom.version}`,
      sha256: custom.sha256,
      blobKey: custom.blobKey,
      updatedOn: new Date(custom.createdAt).toISOString().slice(0, 10),
      codeRequired,
    };
  }
  const [version, sha256] = reviewOnly
    ? [DEFAULT_REVIEW_CONSENT_VERSION, DEFAULT_REVIEW_CONSENT_SHA256]
    : [DEFAULT_CONSENT_VERSION, DEFAULT_CONSENT_SHA256];
  return { kind: "DEFAULT", version, sha256, blobKey: null, updatedOn: DEFAULT_CONSENT_UPDATED_ON, codeRequired };
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
