import { describe, expect, it } from "vitest";
import type { CollectedConfiguration } from "./collect-configuration.ts";
import { configurationFingerprint, planConfigurationImport } from "./plan-configuration-import.ts";

// The dry run's diff, pure: archive items against a target, item by item.

const role = (name: string, permissions: string[] = ["VIEW_DOCUMENTS_PACKAGES"]) => ({
  name,
  description: null,
  roleColor: null,
  permissions,
});
const group = (path: string[], roles: string[] = [], description: string | null = null) => ({
  path,
  description,
  roles,
});
const field = (customFieldId: string, name: string, dataType = "TEXT", extra: Record<string, unknown> = {}) => ({
  customFieldId,
  name,
  description: null,
  scope: "PACKAGE",
  dataType,
  dateFormat: null,
  selectOptions: [],
  required: false,
  encrypted: false,
  archived: false,
  active: true,
  minRangeRealNumber: null,
  maxRangeRealNumber: null,
  minRangeWholeNumber: null,
  maxRangeWholeNumber: null,
  vaultMapping: null,
  defaultValue: null,
  ...extra,
});

function target(
  sections: Record<string, unknown[]>,
  facts: Record<string, Record<string, unknown>> = {},
): CollectedConfiguration {
  return {
    sections: {
      settings: [],
      branding: [],
      roles: [],
      groups: [],
      customFields: [],
      emailTemplates: [],
      emailNotifications: [],
      webhooks: [],
      ...sections,
    },
    files: new Map(),
    facts: {
      roles: { systemRoles: ["admin"] },
      groups: { roleNames: ["admin"] },
      customFields: { systemKeys: [], names: [] },
      settings: { consentDocuments: 0 },
      ...facts,
    },
  };
}

const config = { OUTBOUND_ALLOWED_HOSTS: [] };

function planned(incoming: Record<string, unknown[]>, here: CollectedConfiguration) {
  const { plan } = planConfigurationImport(incoming, here, config);
  return Object.fromEntries(
    plan.sections.flatMap((section) => section.items.map((item) => [`${section.name}:${item.label}`, item])),
  );
}

describe("planConfigurationImport", () => {
  const cases: [string, Record<string, unknown[]>, CollectedConfiguration, string, Record<string, unknown>][] = [
    ["a role not there is created", { roles: [role("Clerk")] }, target({}), "roles:Clerk", { action: "CREATE" }],
    [
      "the same permissions in another order are no change; a name in other case is",
      { roles: [role("Clerk", ["VIEW_ADMIN_SETTINGS", "VIEW_DOCUMENTS_PACKAGES"])] },
      target({ roles: [role("clerk", ["VIEW_DOCUMENTS_PACKAGES", "VIEW_ADMIN_SETTINGS"])] }),
      "roles:Clerk",
      { action: "CHANGE", changes: ["Name"] },
    ],
    [
      "other permissions are a change of Permissions",
      { roles: [role("Clerk", ["MANAGE_USERS"])] },
      target({ roles: [role("Clerk")] }),
      "roles:Clerk",
      { action: "CHANGE", changes: ["Permissions"] },
    ],
    [
      "the system-defined Admin role is a conflict",
      { roles: [role("admin")] },
      target({}),
      "roles:admin",
      { action: "CONFLICT", message: expect.stringMatching(/system-defined/) },
    ],
    [
      "a group under a parent neither here nor imported is a conflict",
      { groups: [group(["West", "Denver"])] },
      target({}),
      "groups:West / Denver",
      { action: "CONFLICT", message: expect.stringMatching(/parent group West is neither/) },
    ],
    [
      "a group under an imported parent is created",
      { groups: [group(["West"]), group(["West", "Denver"])] },
      target({}),
      "groups:West / Denver",
      { action: "CREATE" },
    ],
    [
      "a group whose parent is a conflict is a conflict",
      { groups: [group(["West"], ["Ghost"]), group(["West", "Denver"])] },
      target({}),
      "groups:West / Denver",
      { action: "CONFLICT", message: expect.stringMatching(/parent group West cannot be imported/) },
    ],
    [
      "a group offering a role neither here nor imported is a conflict",
      { groups: [group(["West"], ["Ghost"])] },
      target({}),
      "groups:West",
      { action: "CONFLICT", message: expect.stringMatching(/the role Ghost, which is neither/) },
    ],
    [
      "a group offering a role the archive imports is created",
      { roles: [role("Clerk")], groups: [group(["West"], ["Clerk"])] },
      target({}),
      "groups:West",
      { action: "CREATE" },
    ],
    [
      "a group name taken elsewhere in the tree is a conflict",
      { groups: [group(["West", "Denver"]), group(["West"])].reverse() },
      target({ groups: [group(["Denver"])] }),
      "groups:West / Denver",
      { action: "CONFLICT", message: expect.stringMatching(/already exists at Denver/) },
    ],
    [
      "a group gains roles and keeps the others",
      { roles: [role("Clerk")], groups: [group(["West"], ["Clerk"])] },
      target(
        { roles: [role("Clerk"), role("Teller")], groups: [group(["West"], ["Teller"])] },
        { groups: { roleNames: ["admin", "clerk", "teller"] } },
      ),
      "groups:West",
      { action: "CHANGE", changes: ["Roles (adds Clerk)"], notes: [expect.stringMatching(/Keeps .*: Teller/)] },
    ],
    [
      "a custom field of another type is a conflict",
      { customFields: [field("loanNumber", "Loan number", "TEXT")] },
      target(
        { customFields: [field("loanNumber", "Loan number", "WHOLE_NUMBER")] },
        { customFields: { systemKeys: [], names: [["loan number", "loanNumber"]] } },
      ),
      "customFields:Loan number (loanNumber)",
      { action: "CONFLICT", message: expect.stringMatching(/type differs: WHOLE_NUMBER here, TEXT in the archive/) },
    ],
    [
      "a custom field name owned by another key is a conflict",
      { customFields: [field("loanNo", "Loan number")] },
      target(
        { customFields: [field("loanNumber", "Loan number")] },
        { customFields: { systemKeys: [], names: [["loan number", "loanNumber"]] } },
      ),
      "customFields:Loan number (loanNo)",
      { action: "CONFLICT", message: expect.stringMatching(/belongs to the custom field loanNumber/) },
    ],
    [
      "an archived custom field is not restored",
      { customFields: [field("loanNumber", "Loan number")] },
      target(
        { customFields: [field("loanNumber", "Loan number", "TEXT", { archived: true })] },
        { customFields: { systemKeys: [], names: [["loan number", "loanNumber"]] } },
      ),
      "customFields:Loan number (loanNumber)",
      { action: "CONFLICT", message: expect.stringMatching(/archived here/) },
    ],
    [
      "new options are a change of Options",
      { customFields: [field("loanType", "Loan type", "SELECT", { selectOptions: ["A", "B"] })] },
      target(
        { customFields: [field("loanType", "Loan type", "SELECT", { selectOptions: ["A"] })] },
        { customFields: { systemKeys: [], names: [["loan type", "loanType"]] } },
      ),
      "customFields:Loan type (loanType)",
      { action: "CHANGE", changes: ["Options"] },
    ],
    [
      "a setting this installation lacks is a conflict",
      { settings: [{ name: "warp_speed", value: "9" }] },
      target({}),
      "settings:Warp speed",
      { action: "CONFLICT", message: "This installation has no setting named warp_speed." },
    ],
    [
      "a custom consent without an uploaded consent is a conflict",
      { settings: [{ name: "esign_consent_type", value: "CUSTOM" }] },
      target({ settings: [{ name: "esign_consent_type", value: "DEFAULT" }] }),
      "settings:Esign consent type",
      { action: "CONFLICT", message: expect.stringMatching(/upload the consent document first/) },
    ],
    [
      "another value of a setting is a change",
      { settings: [{ name: "timezone", value: "America/Chicago" }] },
      target({ settings: [{ name: "timezone", value: "America/New_York" }] }),
      "settings:Timezone",
      { action: "CHANGE", changes: ["Value"] },
    ],
    [
      "a webhook to a private address is a conflict",
      { webhooks: [{ url: "http://10.0.0.1/hook", description: null, eventTypes: ["package.sent"], enabled: true }] },
      target({}),
      "webhooks:http://10.0.0.1/hook",
      { action: "CONFLICT" },
    ],
    [
      "a new webhook gets a new secret",
      {
        webhooks: [
          { url: "https://hooks.example.com/a", description: null, eventTypes: ["package.sent"], enabled: true },
        ],
      },
      target({}),
      "webhooks:https://hooks.example.com/a",
      { action: "CREATE", notes: [expect.stringMatching(/new signing secret/)] },
    ],
    [
      "a new default email template says which it replaces",
      {
        emailTemplates: [
          {
            kind: "invitation",
            name: "Friendly",
            isDefault: true,
            contents: { en: { subject: "s", body: "b" }, es: null },
          },
        ],
      },
      target({
        emailTemplates: [
          {
            kind: "invitation",
            name: "Formal",
            isDefault: true,
            contents: { en: { subject: "s", body: "b" }, es: null },
          },
        ],
      }),
      "emailTemplates:Friendly (invitation email)",
      { action: "CREATE", notes: ["Becomes the default invitation email instead of Formal."] },
    ],
  ];

  it.each(cases)("%s", (_name, incoming, here, key, expected) => {
    expect(planned(incoming, here)[key]).toMatchObject(expected);
  });

  it("counts by action, and can apply only without conflicts and with something to do", () => {
    const here = target({ roles: [role("Clerk")] });
    const same = planConfigurationImport({ roles: [role("Clerk")] }, here, config).plan;
    expect(same.counts).toEqual({ CREATE: 0, CHANGE: 0, UNCHANGED: 1, CONFLICT: 0 });
    expect(same.canApply).toBe(false);
    const more = planConfigurationImport({ roles: [role("Clerk"), role("Teller")] }, here, config);
    expect(more.plan.canApply).toBe(true);
    expect(more.entries.find((entry) => entry.handler.name === "roles")?.entries.map((entry) => entry.action)).toEqual([
      "CREATE",
    ]);
    const blocked = planConfigurationImport({ roles: [role("Teller"), role("Admin")] }, here, config).plan;
    expect(blocked.counts).toMatchObject({ CREATE: 1, CONFLICT: 1 });
    expect(blocked.canApply).toBe(false);
  });

  it("leaves out the sections the archive does not hold", () => {
    const { plan } = planConfigurationImport({ roles: [] }, target({ groups: [group(["West"])] }), config);
    expect(plan.sections.map((section) => section.name)).toEqual(["roles"]);
  });
});

describe("configurationFingerprint", () => {
  it("is stable for the same archive and target, and changes with either", () => {
    const here = target({ roles: [role("Clerk")] });
    const print = configurationFingerprint("a".repeat(64), here);
    expect(configurationFingerprint("a".repeat(64), target({ roles: [role("Clerk")] }))).toBe(print);
    expect(configurationFingerprint("b".repeat(64), here)).not.toBe(print);
    expect(configurationFingerprint("a".repeat(64), target({ roles: [role("Clerk", ["MANAGE_USERS"])] }))).not.toBe(
      print,
    );
  });
});
