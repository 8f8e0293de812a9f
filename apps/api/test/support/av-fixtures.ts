import type { Package, Participant } from "@signet/contract";
import type { Db } from "@signet/core";
import { expect } from "vitest";
import type { SignablePackage } from "./signing-fixtures.ts";

/** Makes a package (not sent yet) an A/V eSign package hosted by `host`. */
export async function hostAvSession(s: SignablePackage, db: Db, host: Participant): Promise<void> {
  const current = await db.package.findUniqueOrThrow({ where: { id: s.pkg.id } });
  const flagged = await s.admin.request<Package>("PATCH", s.api.package, {
    json: { version: current.version, avEsign: true },
  });
  expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
  const hosted = await s.admin.request("PATCH", s.paths.participant(s.pkg.id, host.id), {
    json: { version: host.version, avHost: true },
  });
  expect(hosted.status, JSON.stringify(hosted.body)).toBe(200);
}
