import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/prisma-client.ts";
import { readPackageSettings } from "../settings/package-settings.ts";

/**
 * The value of a Date signed tag: the date the participant signed, in the organization's time
 * zone, as US documents write it (MM/DD/YYYY). Tags carry no date format of their own.
 */
export async function dateSignedValue(
  tx: Db | Prisma.TransactionClient,
  organizationId: string,
  at: Date,
): Promise<string> {
  const { timezone } = await readPackageSettings(tx, organizationId);
  return formatDateSigned(at, timezone);
}

export function formatDateSigned(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}
