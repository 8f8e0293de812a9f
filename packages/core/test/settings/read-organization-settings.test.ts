import { SETTING_REGISTRY } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/prisma-client.ts";
import { buildOrganization } from "../../src/seed/builders.ts";
import { readOrganizationSetting, readOrganizationSettings } from "../../src/settings/read-organization-settings.ts";
import { createTestDatabase, type TestDatabase } from "../../src/testing/test-database.ts";

// The one typed reader of organization settings (issue 37 §6): what a missing row, a stored value
// and a stored text that fails its schema read as, and that another organization's rows stay out.

let database: TestDatabase;
const db = (): Db => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

let organizations = 0;
async function organizationWith(settings: Record<string, string>) {
  organizations += 1;
  const organization = await buildOrganization(db(), { name: `Settings Org ${organizations}` });
  for (const [key, value] of Object.entries(settings))
    await db().organizationSetting.create({ data: { organizationId: organization.id, key, value } });
  return organization.id;
}

describe("readOrganizationSettings", () => {
  it("reads a setting without a row as its default", async () => {
    const organizationId = await organizationWith({});
    expect(
      await readOrganizationSettings(db(), organizationId, [
        "session_idle_minutes",
        "mfa_required",
        "participant_types",
      ]),
    ).toEqual({
      session_idle_minutes: SETTING_REGISTRY.session_idle_minutes.defaultValue,
      mfa_required: false,
      participant_types: SETTING_REGISTRY.participant_types.defaultValue,
    });
    expect(await readOrganizationSetting(db(), organizationId, "timezone")).toBe(
      SETTING_REGISTRY.timezone.defaultValue,
    );
  });

  it("reads stored texts as their typed values, as the schema reads them", async () => {
    const organizationId = await organizationWith({
      session_idle_minutes: "45",
      mfa_required: "true",
      embedded_allowed_origins: '["https://portal.example.com/path"]',
      primary_color: "#112233",
    });
    const values = await readOrganizationSettings(db(), organizationId, [
      "session_idle_minutes",
      "mfa_required",
      "embedded_allowed_origins",
      "primary_color",
    ]);
    // the origins list keeps origins only: the schema's reading, not the stored text
    expect(values).toEqual({
      session_idle_minutes: 45,
      mfa_required: true,
      embedded_allowed_origins: ["https://portal.example.com"],
      primary_color: "#112233",
    });
    expect(await readOrganizationSetting(db(), organizationId, "mfa_required")).toBe(true);
  });

  it("never answers a value that fails its schema: such a stored text reads as the default", async () => {
    const organizationId = await organizationWith({
      session_idle_minutes: "2",
      reminder_max_count: "many",
      mfa_required: "yes",
      participant_types: "[not json",
      primary_color: "blue",
    });
    const names = [
      "session_idle_minutes",
      "reminder_max_count",
      "mfa_required",
      "participant_types",
      "primary_color",
    ] as const;
    const values = await readOrganizationSettings(db(), organizationId, names);
    for (const name of names) expect(values[name], name).toEqual(SETTING_REGISTRY[name].defaultValue);
    expect(await readOrganizationSetting(db(), organizationId, "session_idle_minutes")).toBe(
      SETTING_REGISTRY.session_idle_minutes.defaultValue,
    );
  });

  it("reads the organization's own rows only, and only the names asked for", async () => {
    await organizationWith({ trid_default_expiration_days: "12" });
    const organizationId = await organizationWith({ reminders_enabled: "false" });
    const values = await readOrganizationSettings(db(), organizationId, ["trid_default_expiration_days"]);
    expect(values).toEqual({
      trid_default_expiration_days: SETTING_REGISTRY.trid_default_expiration_days.defaultValue,
    });
    expect(await readOrganizationSetting(db(), organizationId, "trid_default_expiration_days")).toBe(
      SETTING_REGISTRY.trid_default_expiration_days.defaultValue,
    );
  });
});
