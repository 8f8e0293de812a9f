import { describe, expect, it } from "vitest";
import {
  createEmailNotificationSchema,
  DEFAULT_REMINDER_SETTINGS,
  expiringSoonAt,
  nextReminderAt,
  type ReminderPolicy,
  updatePackageReminderSettingsSchema,
} from "./notification-rules.ts";
import { SETTING_REGISTRY } from "./setting-registry.ts";

const DAY = 86_400_000;
const t0 = new Date("2026-03-01T10:00:00Z");
const policy: ReminderPolicy = { enabled: true, firstAfterDays: 2, intervalDays: 3, maxCount: 3, expiringSoonDays: 2 };

describe("reminder schedule", () => {
  it.each([
    [0, t0.getTime() + 2 * DAY],
    [1, t0.getTime() + 5 * DAY],
    [2, t0.getTime() + 8 * DAY],
    [3, null],
  ])("after %i reminders the next is due at %s", (sent, due) => {
    expect(nextReminderAt(policy, t0, sent)?.getTime() ?? null).toBe(due);
  });

  it("sends none when disabled", () => {
    expect(nextReminderAt({ ...policy, enabled: false }, t0, 0)).toBeNull();
  });

  it("puts the expiring-soon notice N days before expiry, never without expiry or with 0", () => {
    expect(expiringSoonAt(policy, new Date(t0.getTime() + 10 * DAY))?.getTime()).toBe(t0.getTime() + 8 * DAY);
    expect(expiringSoonAt(policy, null)).toBeNull();
    expect(expiringSoonAt({ ...policy, expiringSoonDays: 0 }, new Date(t0.getTime() + 10 * DAY))).toBeNull();
  });

  it("registers the organization defaults under AUTOMATION", () => {
    for (const [key, value] of Object.entries(DEFAULT_REMINDER_SETTINGS)) {
      const definition = SETTING_REGISTRY[key as keyof typeof SETTING_REGISTRY];
      expect(definition, key).toMatchObject({ category: "AUTOMATION", defaultValue: value });
    }
  });
});

describe("rule and override input", () => {
  it("needs a recipient and an event", () => {
    expect(createEmailNotificationSchema.safeParse({ name: "x", events: ["PACKAGE_COMPLETED"] }).success).toBe(false);
    expect(createEmailNotificationSchema.safeParse({ name: "x", events: [], notifySender: true }).success).toBe(false);
    expect(
      createEmailNotificationSchema.safeParse({ name: "x", events: ["PACKAGE_EXPIRED"], addresses: ["a@example.com"] })
        .success,
    ).toBe(true);
    expect(
      createEmailNotificationSchema.safeParse({ name: "x", events: ["PACKAGE_EXPIRED"], addresses: ["not-an-address"] })
        .success,
    ).toBe(false);
  });

  it("needs the package's own policy unless it uses the defaults", () => {
    expect(updatePackageReminderSettingsSchema.safeParse({ version: 1, useOrganizationDefaults: false }).success).toBe(
      false,
    );
    expect(updatePackageReminderSettingsSchema.safeParse({ version: 1, useOrganizationDefaults: true }).success).toBe(
      true,
    );
    expect(
      updatePackageReminderSettingsSchema.safeParse({
        version: 1,
        useOrganizationDefaults: false,
        override: { ...policy, maxCount: 0 },
      }).success,
    ).toBe(false);
  });
});
