import { describe, expect, it } from "vitest";
import {
  createClosingCenterSchema,
  normalizeClosingCenterPermissions,
  shareWithClosingCenterSchema,
  updateClosingCenterShareSchema,
} from "./closing-centers.ts";

describe("closing-center grants", () => {
  it.each([
    [[], ["VIEW_PACKAGE"]],
    [
      ["SEND_REMINDERS", "DOWNLOAD_DOCUMENTS"],
      ["VIEW_PACKAGE", "DOWNLOAD_DOCUMENTS", "SEND_REMINDERS"],
    ],
    [
      ["MANAGE_PAPER", "MANAGE_PAPER", "VIEW_PACKAGE"],
      ["VIEW_PACKAGE", "MANAGE_PAPER"],
    ],
    [
      ["NOT_A_GRANT", "UPLOAD_DOCUMENTS"],
      ["VIEW_PACKAGE", "UPLOAD_DOCUMENTS"],
    ],
  ])("%j is stored as %j (view always, list order, no repeats, nothing unknown)", (granted, stored) => {
    expect(normalizeClosingCenterPermissions(granted)).toEqual(stored);
  });

  it("normalizes what a share and a change of share send", () => {
    const share = shareWithClosingCenterSchema.parse({
      closingCenterId: "11111111-1111-4111-8111-111111111111",
      permissions: ["EDIT_PARTICIPANTS"],
    });
    expect(share.permissions).toEqual(["VIEW_PACKAGE", "EDIT_PARTICIPANTS"]);
    expect(
      shareWithClosingCenterSchema.parse({ closingCenterId: "11111111-1111-4111-8111-111111111111" }).permissions,
    ).toBeUndefined();
    expect(updateClosingCenterShareSchema.safeParse({ version: 1, permissions: ["DELETE_PACKAGE"] }).success).toBe(
      false,
    );
  });
});

describe("closing-center form", () => {
  it("trims, lower-cases the email, keeps phone digits and clears empty fields", () => {
    const parsed = createClosingCenterSchema.parse({
      name: "  Harbor Settlement ",
      kind: "SETTLEMENT_AGENT",
      contactEmail: " Desk@Harbor.Example ",
      contactPhone: "(503) 555-0142",
      addressLine1: "   ",
      city: "",
    });
    expect(parsed).toMatchObject({
      name: "Harbor Settlement",
      contactEmail: "desk@harbor.example",
      contactPhone: "5035550142",
      addressLine1: null,
      city: null,
      enabled: true,
    });
  });

  it.each([
    [{ name: "", kind: "TITLE_AGENT" }, "name"],
    [{ name: "A", kind: "ESCROW" }, "kind"],
    [{ name: "A", kind: "TITLE_AGENT", contactEmail: "nope" }, "contactEmail"],
    [{ name: "A", kind: "TITLE_AGENT", contactPhone: "555" }, "contactPhone"],
  ])("refuses %j at %s", (input, path) => {
    const result = createClosingCenterSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });
});
