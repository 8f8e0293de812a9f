import { describe, expect, it } from "vitest";
import { auditSentence } from "./audit-sentences.ts";
import type { PackageStatus } from "./package-status.ts";
import {
  chooseWatermarkTemplate,
  createWatermarkTemplateSchema,
  mustWatermark,
  renderWatermarkText,
  replaceWatermarkRulesSchema,
  unknownWatermarkVariables,
  unknownWatermarkVariablesMessage,
  updateWatermarkTemplateSchema,
  type WatermarkRuleLike,
  watermarkTemplateInUseMessage,
} from "./watermarks.ts";

describe("renderWatermarkText", () => {
  it.each([
    ["COPY", {}, "COPY"],
    ["COPY — {documentName}", { documentName: "Note" }, "COPY — Note"],
    [
      "{requester} at {time} ({organization})",
      { requester: "Sam", time: "2026-11-24 10:00 UTC", organization: "Bank" },
      "Sam at 2026-11-24 10:00 UTC (Bank)",
    ],
    ["{documentId}/{packageId}/{packageName}", { documentId: "d", packageId: "p", packageName: "n" }, "d/p/n"],
    ["missing {documentName}", {}, "missing "],
    ["{documentName}{documentName}", { documentName: "x" }, "xx"],
  ])("%s → %s", (text, vars, expected) => {
    expect(renderWatermarkText({ text }, vars)).toBe(expected);
  });
});

describe("unknown variables are refused at save", () => {
  it.each([
    ["COPY {documentName}", []],
    ["COPY {docName} {user} {docName}", ["docName", "user"]],
    ["{}", [""]],
    ["{ time }", [" time "]],
  ])("%s → %j", (text, unknown) => {
    expect(unknownWatermarkVariables(text)).toEqual(unknown);
  });

  it("names every unknown variable in the message and lists the known ones", () => {
    const message = unknownWatermarkVariablesMessage(unknownWatermarkVariables("COPY {docName} {user}"));
    expect(message).toContain("Unknown variables {docName}, {user}.");
    expect(message).toContain("{documentName}");
    expect(unknownWatermarkVariablesMessage(["x"])).toMatch(/^Unknown variable \{x\}\. Use /);
  });

  it("accepts the known variables and fills in the style defaults", () => {
    const parsed = createWatermarkTemplateSchema.parse({ name: " Copy ", text: "COPY {documentName} {time}" });
    expect(parsed).toEqual({
      name: "Copy",
      text: "COPY {documentName} {time}",
      position: "CENTER",
      angle: 45,
      opacity: 0.25,
      fontSize: 36,
      color: "#808080",
      isDefault: false,
    });
  });

  it.each([
    [{ angle: 91 }],
    [{ angle: -91 }],
    [{ opacity: 0.04 }],
    [{ opacity: 1.01 }],
    [{ fontSize: 5 }],
    [{ fontSize: 145 }],
    [{ angle: 1.5 }],
    [{ color: "red" }],
    [{ color: "#12345" }],
    [{ position: "MIDDLE" }],
    [{ text: "" }],
  ])("refuses %j", (change) => {
    expect(updateWatermarkTemplateSchema.safeParse({ version: 1, ...change }).success).toBe(false);
  });

  it.each([
    [{ angle: -90 }],
    [{ angle: 90 }],
    [{ opacity: 0.05 }],
    [{ opacity: 1 }],
    [{ fontSize: 6 }],
    [{ fontSize: 144 }],
  ])("accepts the bound %j", (change) => {
    expect(updateWatermarkTemplateSchema.safeParse({ version: 1, ...change }).success).toBe(true);
  });

  it("defaults a rule's criteria to any", () => {
    const parsed = replaceWatermarkRulesSchema.parse({
      version: 1,
      rules: [{ templateId: "3f6c1c1e-0000-4000-8000-000000000001" }],
    });
    expect(parsed.rules[0]).toEqual({
      templateId: "3f6c1c1e-0000-4000-8000-000000000001",
      packageStatus: null,
      documentType: null,
      requesterType: null,
    });
  });
});

const rule = (
  templateId: string,
  priority: number,
  criteria: Partial<Pick<WatermarkRuleLike, "packageStatus" | "documentType" | "requesterType">> = {},
): WatermarkRuleLike => ({
  templateId,
  priority,
  packageStatus: null,
  documentType: null,
  requesterType: null,
  ...criteria,
});

describe("chooseWatermarkTemplate", () => {
  const rules = [
    rule("any", 0),
    rule("deposited", 1, { packageStatus: "EDEPOSITED" }),
    rule("participant", 2, { requesterType: "PARTICIPANT" }),
    rule("deposited-member", 3, { packageStatus: "EDEPOSITED", requesterType: "MEMBER" }),
    rule("deposited-member-2", 4, { packageStatus: "EDEPOSITED", requesterType: "MEMBER" }),
    rule("certificate-support", 5, { documentType: "CERTIFICATE", requesterType: "SUPPORT" }),
    rule("all-three", 6, { packageStatus: "COMPLETED", documentType: "DOCUMENT", requesterType: "MEMBER" }),
  ];
  it.each([
    // the most specific match wins
    ["EDEPOSITED", "DOCUMENT", "MEMBER", "deposited-member"],
    ["EDEPOSITED", "DOCUMENT", "PARTICIPANT", "deposited"],
    ["COMPLETED", "DOCUMENT", "PARTICIPANT", "participant"],
    ["COMPLETED", "CERTIFICATE", "SUPPORT", "certificate-support"],
    ["COMPLETED", "DOCUMENT", "MEMBER", "all-three"],
    ["COMPLETED", "ENOTE", "MEMBER", "any"],
  ] as const)("%s %s %s → %s", (packageStatus, documentType, requesterType, expected) => {
    expect(chooseWatermarkTemplate(rules, { packageStatus, documentType, requesterType })).toBe(expected);
  });

  it("breaks a tie between equally specific rules by priority, whatever the array order", () => {
    const tied = [rule("later", 7, { requesterType: "MEMBER" }), rule("earlier", 2, { packageStatus: "EDEPOSITED" })];
    expect(
      chooseWatermarkTemplate(tied, { packageStatus: "EDEPOSITED", documentType: "DOCUMENT", requesterType: "MEMBER" }),
    ).toBe("earlier");
  });

  it("answers null when no rule matches, and for no rules", () => {
    const only = [rule("deposited", 0, { packageStatus: "EDEPOSITED" })];
    expect(
      chooseWatermarkTemplate(only, { packageStatus: "COMPLETED", documentType: "DOCUMENT", requesterType: "MEMBER" }),
    ).toBeNull();
    expect(
      chooseWatermarkTemplate([], { packageStatus: "EDEPOSITED", documentType: "DOCUMENT", requesterType: "MEMBER" }),
    ).toBeNull();
  });
});

describe("mustWatermark", () => {
  const cases: [PackageStatus, boolean, boolean][] = [
    ["EDEPOSITED", false, true],
    ["EDEPOSITED", true, true],
    ["COMPLETED", false, false],
    ["COMPLETED", true, true],
    ["EDEPOSIT_PENDING", false, false],
    ["AVAILABLE_TO_SIGNERS", false, false],
    ["AVAILABLE_TO_SIGNERS", true, true],
    ["CANCELLED", false, false],
  ];
  it.each(cases)("%s with a matching rule %s → %s", (status, matching, expected) => {
    expect(mustWatermark(status, matching)).toBe(expected);
  });
});

it("names the rule a template is used by", () => {
  expect(
    watermarkTemplateInUseMessage(2, { packageStatus: "EDEPOSITED", documentType: null, requesterType: "MEMBER" }),
  ).toBe(
    "This watermark template is used by rule 2 (eDeposited · any document · Member or API client). Change or remove the rule first.",
  );
});

describe("audit sentences of watermarked copies and watermark settings", () => {
  it.each([
    [
      "copy.watermarked",
      "Sam Sender",
      { documentName: "Promissory note", requester: "Sam Sender", templateId: "t" },
      "Sam Sender received a watermarked copy of “Promissory note”.",
    ],
    [
      "copy.watermarked",
      null,
      { documentName: "Note", requester: "Ada Okafor through a collaboration link" },
      "Signet received a watermarked copy of “Note” (requested by Ada Okafor through a collaboration link).",
    ],
    ["watermark-template.created", "Sam", { name: "Vault copy" }, "Sam added the watermark template “Vault copy”."],
    ["watermark-rules.replaced", "Sam", { count: 2 }, "Sam saved the watermark rules (2 rule(s))."],
    [
      "watermark-template.default-updated",
      "Support",
      {},
      "Support changed the system default watermark, which every organization without its own uses.",
    ],
  ])("%s", (type, actor, data, sentence) => {
    expect(auditSentence({ type, actor, data }).sentence).toBe(sentence);
  });
});
