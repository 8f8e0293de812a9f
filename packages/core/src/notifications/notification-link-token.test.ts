import { randomBytes } from "node:crypto";
import { EMAIL_TEMPLATE_MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { signNotificationLink, verifyNotificationLink } from "./notification-link-token.ts";
import { maskRecipient } from "./notification-records.ts";

const key = randomBytes(32);
const claims = {
  userId: "6f1c3d2e-1b2a-4c3d-8e4f-5a6b7c8d9e0f",
  organizationId: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
  windowEnd: new Date("2026-11-24T00:00:00Z"),
  expiresAt: new Date("2026-12-01T00:00:00Z"),
};
const now = new Date("2026-11-25T08:00:00Z");

describe("notification link tokens", () => {
  it("verifies a token it signed", () => {
    expect(verifyNotificationLink(key, signNotificationLink(key, claims), now)).toEqual({
      u: claims.userId,
      o: claims.organizationId,
      w: claims.windowEnd.getTime(),
      e: claims.expiresAt.getTime(),
    });
  });

  const token = signNotificationLink(key, claims);
  const [payload, mac] = token.split(".") as [string, string];
  it.each([
    ["another key", signNotificationLink(randomBytes(32), claims)],
    [
      "a changed payload",
      `${Buffer.from(JSON.stringify({ u: claims.organizationId, o: claims.organizationId, w: 1, e: 9e15 })).toString("base64url")}.${mac}`,
    ],
    ["a cut signature", `${payload}.${mac.slice(0, -1)}`],
    ["no signature", payload],
    ["an extra part", `${token}.x`],
    ["garbage", "not-a-token"],
  ])("refuses %s as not valid (404)", (_, candidate) => {
    expect(() => verifyNotificationLink(key, candidate, now)).toThrow(EMAIL_TEMPLATE_MESSAGES.linkInvalid);
  });

  it("refuses an expired token with its own message", () => {
    expect(() => verifyNotificationLink(key, token, new Date("2026-12-01T00:00:00Z"))).toThrow(
      EMAIL_TEMPLATE_MESSAGES.linkExpired,
    );
  });
});

describe("masked recipients", () => {
  it.each([
    ["maria.lopez@example.com", "m•••@example.com"],
    ["5551234567", "•••••• 4567"],
    ["12", "••••"],
  ])("%s shows as %s", (recipient, masked) => {
    expect(maskRecipient(recipient)).toBe(masked);
  });
});
