import type { Package } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { invitationPatch, invitationValues, toLocalInput } from "./invitation-form.ts";

const pkg = {
  emailTemplate: { subject: null, introText: "Hello", documentId: null, isDefault: true, templateId: null },
  signingOrder: "PARALLEL",
  paperOrder: "AFTER_ESIGN",
  stipsOrder: "AFTER_ESIGN",
  scheduledAvailability: false,
  scheduledOn: null,
  expirationType: null,
  scheduledExpiryDays: null,
  scheduledExpiryTime: null,
  packageExpiresAt: null,
} as unknown as Package;

describe("invitation form", () => {
  it("patches only what changed", () => {
    const values = invitationValues(pkg);
    expect(invitationPatch(pkg, values)).toEqual({});
    expect(
      invitationPatch(pkg, {
        ...values,
        emailSubject: " Closing docs ",
        paperOrder: "BEFORE_ESIGN",
        emailIntroText: "",
      }),
    ).toEqual({ emailSubject: "Closing docs", paperOrder: "BEFORE_ESIGN", emailIntroText: null });
  });

  it("patches the default-template choice", () => {
    const values = invitationValues(pkg);
    expect(invitationPatch(pkg, { ...values, emailIsDefault: false })).toEqual({ emailIsDefault: false });
    const documentId = "00000000-0000-4000-8000-00000000000d";
    expect(invitationPatch(pkg, { ...values, emailDocumentId: documentId })).toEqual({ emailDocumentId: documentId });
  });

  it("sends dates as ISO and empty values as null", () => {
    const values = invitationValues(pkg);
    const patch = invitationPatch(pkg, {
      ...values,
      expirationType: "RELATIVE",
      scheduledExpiryDays: 5,
      scheduledExpiryTime: "17:00",
      packageExpiresAt: "2030-05-06T07:08",
    });
    expect(patch).toEqual({
      expirationType: "RELATIVE",
      scheduledExpiryDays: 5,
      scheduledExpiryTime: "17:00",
      packageExpiresAt: new Date(2030, 4, 6, 7, 8).toISOString(),
    });
  });

  it("shows an ISO date in a datetime-local input", () => {
    expect(toLocalInput(null)).toBe("");
    expect(toLocalInput(new Date(2030, 0, 2, 3, 4).toISOString())).toBe("2030-01-02T03:04");
  });
});
