import { describe, expect, it } from "vitest";
import {
  authorizedFeatures,
  createOrganizationSchema,
  organizationListQuerySchema,
  updateOrganizationSchema,
} from "./organizations.ts";

describe("authorizedFeatures", () => {
  it.each([
    [{}, "eSign Creator"],
    [{ enabledTrid: false, enabledAV: false }, "eSign Creator"],
    [{ enabledTrid: true }, "eSign Creator, TRID"],
    [{ enabledTrid: true, enabledAV: true }, "eSign Creator, A/V eSign, TRID"],
    [{ embeddedSrEnabled: true, enabledClosingCenter: true }, "eSign Creator, Closing Center, Embedded Signing"],
    [{ enabledPkgCollaboration: true, enabledSmartDoc: true }, "eSign Creator, Package Collaboration, Smart Doc"],
    [
      { enabledMultiLangSRSupport: true, enabledPkgCollaboration: true },
      "eSign Creator, Multi-lang Signing Room, Package Collaboration",
    ],
    [
      {
        embeddedSrEnabled: true,
        enabledTrid: true,
        enabledAV: true,
        enabledSmartDoc: true,
        enabledClosingCenter: true,
        enabledPkgCollaboration: true,
        enabledMultiLangSRSupport: true,
      },
      "eSign Creator, A/V eSign, Closing Center, Embedded Signing, Multi-lang Signing Room, Package Collaboration, Smart Doc, TRID",
    ],
  ])("%o → %s", (flags, expected) => {
    expect(authorizedFeatures(flags)).toBe(expected);
  });
});

describe("organization schemas", () => {
  it("defaults the list query to page 1 of 10 by name, every type", () => {
    expect(organizationListQuerySchema.parse({})).toEqual({
      pageNumber: 1,
      pageSize: 10,
      sortBy: "name",
      sortDirection: "asc",
      type: "ALL",
    });
  });
  it.each([
    [{ type: "INACTIVE", sortBy: "createdAt", pageNumber: "2" }, true],
    [{ type: "DELETED" }, false],
    [{ sortBy: "customerId" }, false],
  ])("list query %o valid: %s", (query, valid) => {
    expect(organizationListQuerySchema.safeParse(query).success).toBe(valid);
  });
  it("trims the name, turns empty optional text into null and defaults every flag off", () => {
    expect(createOrganizationSchema.parse({ name: "  Acme  ", description: " ", customerId: "C-1" })).toEqual({
      name: "Acme",
      description: null,
      customerId: "C-1",
      embeddedSrEnabled: false,
      enabledTrid: false,
      enabledAV: false,
      enabledSmartDoc: false,
      enabledClosingCenter: false,
      enabledPkgCollaboration: false,
      enabledMultiLangSRSupport: false,
    });
  });
  it.each([
    [{ name: "" }, false],
    [{ name: "   " }, false],
    [{ name: "x".repeat(101) }, false],
    [{ name: "ok" }, true],
  ])("create %o valid: %s", (body, valid) => {
    expect(createOrganizationSchema.safeParse(body).success).toBe(valid);
  });
  it.each([
    [{ enabled: false }, false],
    [{ version: 0, enabled: false }, false],
    [{ version: 3, enabled: false }, true],
    [{ version: 3, enabledAV: true, name: "New" }, true],
  ])("patch %o valid: %s", (body, valid) => {
    expect(updateOrganizationSchema.safeParse(body).success).toBe(valid);
  });
});
