import { type SettingName, type SettingValue, settingValueOrDefault } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";

// Issue 37 §6: the one way core reads registry settings as typed values. A setting without a stored
// row reads as its default, and so does a stored text that no longer passes its schema (a rule
// became stricter after it was written): a caller never sees a value its type does not allow.

type Reader = Pick<Prisma.TransactionClient, "organizationSetting">;

export type SettingValues<N extends SettingName> = { [K in N]: SettingValue<K> };

/** The values of the named settings from rows already read (rows of other keys are ignored). */
export function settingValuesOf<const N extends SettingName>(
  rows: readonly { key: string; value: string }[],
  names: readonly N[],
): SettingValues<N> {
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const values: Partial<Record<SettingName, unknown>> = {};
  for (const name of names) values[name] = settingValueOrDefault(name, stored.get(name));
  return values as SettingValues<N>;
}

/** The organization's values of the named settings, defaults filled in. */
export async function readOrganizationSettings<const N extends SettingName>(
  db: Reader,
  organizationId: string,
  names: readonly N[],
): Promise<SettingValues<N>> {
  const rows = await db.organizationSetting.findMany({
    where: { organizationId, key: { in: [...names] } },
    select: { key: true, value: true },
  });
  return settingValuesOf(rows, names);
}

/** One setting's value for the organization, or its default. */
export async function readOrganizationSetting<N extends SettingName>(
  db: Reader,
  organizationId: string,
  name: N,
): Promise<SettingValue<N>> {
  const row = await db.organizationSetting.findUnique({
    where: { organizationId_key: { organizationId, key: name } },
    select: { value: true },
  });
  return settingValueOrDefault(name, row?.value) as SettingValue<N>;
}
