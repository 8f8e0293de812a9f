import { describe, expect, it } from "vitest";
import {
  BLUEPRINT_FORMAT,
  type BlueprintDocument,
  type BlueprintTag,
  blueprintProblems,
  type PackageBlueprint,
  packageBlueprintSchema,
  slotKey,
  slotName,
} from "./template-blueprint.ts";

const slot = (type: string, roleNumber: number) => ({ type, roleNumber });

const participant = (type: string, roleNumber: number, orderSequence = 1) => ({
  ...slot(type, roleNumber),
  role: "SIGNER" as const,
  accessMethod: "EMAIL" as const,
  orderSequence,
  avHost: false,
  idVerification: "NONE" as const,
  givenName: null,
  middleName: null,
  familyName: null,
  email: null,
  phoneNumber: null,
  language: "en" as const,
});

const tag = (key: string, type: string, roleNumber: number): BlueprintTag => ({
  key,
  slot: slot(type, roleNumber),
  type: "SIGNATURE",
  page: 1,
  x: 72,
  y: 600,
  width: 160,
  height: 24,
  required: true,
  label: null,
  options: [],
  groupName: null,
  optionValue: null,
  customField: null,
  defaultValue: null,
});

const document = (key: string, tags: BlueprintTag[], extra: Partial<BlueprintDocument> = {}): BlueprintDocument => ({
  key,
  name: `Document ${key}`,
  executionType: "E_SIGN",
  orderSequence: 1,
  file: {
    ref: `documents/${key}.pdf`,
    sha256: "a".repeat(64),
    sizeBytes: 100,
    numPages: 1,
    pageSizes: [{ width: 612, height: 792 }],
    contentType: "application/pdf",
    originalFileName: `${key}.pdf`,
  },
  participantExecution: [],
  customFields: [],
  tags,
  rules: [],
  sourceTemplate: null,
  ...extra,
});

function blueprint(change: Partial<PackageBlueprint> = {}): PackageBlueprint {
  return {
    format: BLUEPRINT_FORMAT,
    name: "Purchase",
    settings: {
      paperOrder: "AFTER_ESIGN",
      stipsOrder: "AFTER_ESIGN",
      signingOrder: "PARALLEL",
      expirationType: null,
      scheduledExpiryDays: null,
      scheduledExpiryTime: null,
      packageCollaboration: false,
      enablePrintFulfillment: false,
      printServiceProvider: "WK",
      emailSubject: null,
      emailIntroText: null,
      emailIsDefault: true,
      emailDocumentKey: null,
      emailTemplateName: null,
      reminderOverride: null,
    },
    participants: [participant("Borrower", 1), participant("Borrower", 2, 2)],
    customFields: [],
    documents: [document("d1", [tag("d1.t1", "Borrower", 1), tag("d1.t2", "BORROWER", 2)])],
    dataGroups: [],
    stips: [],
    ...change,
  };
}

describe("slots", () => {
  it("name and key a slot whatever the type's case and spacing", () => {
    expect(slotName(slot("Co borrower", 2))).toBe("CO BORROWER 2");
    expect(slotKey(slot(" co  Borrower ", 2))).toBe(slotKey(slot("CO BORROWER", 2)));
    expect(slotKey(slot("Borrower", 1))).not.toBe(slotKey(slot("Borrower", 2)));
  });
});

describe("blueprintProblems", () => {
  const base = blueprint();
  const d1 = base.documents[0]!;
  const rule = (sourceKey: string, targetKey: string) => ({
    sourceKey,
    targetKey,
    condition: "HAS_VALUE" as const,
    value: null,
    action: "SHOW" as const,
  });

  it.each<[string, PackageBlueprint, string[]]>([
    ["a sound blueprint (slots matched case-insensitively)", base, []],
    [
      "two participants in one slot",
      blueprint({
        participants: [participant("Borrower", 1), participant("BORROWER", 1, 2), participant("Borrower", 2)],
      }),
      ["Two participants share a slot."],
    ],
    [
      "a witness of a slot that is not a participant (issue 34)",
      blueprint({
        participants: [
          participant("Borrower", 1),
          participant("Borrower", 2),
          { ...participant("Witness", 1, 3), witnessFor: slot("Lender", 1) },
        ],
      }),
      ["The witness WITNESS 1 names LENDER 1, which is not a participant."],
    ],
    [
      "a witness of a slot the blueprint holds",
      blueprint({
        participants: [
          participant("Borrower", 1),
          participant("Borrower", 2),
          { ...participant("Witness", 1, 3), witnessFor: slot("borrower", 1) },
        ],
      }),
      [],
    ],
    [
      "a tag for a slot that is not a participant",
      blueprint({ documents: [document("d1", [tag("d1.t1", "Lender", 1)])] }),
      ["A tag of Document d1 names LENDER 1, which is not a participant."],
    ],
    [
      "two documents with one key",
      blueprint({ documents: [d1, document("d1", [])] }),
      ["Two documents share the key d1."],
    ],
    [
      "two tags with one key",
      blueprint({ documents: [document("d1", [tag("t", "Borrower", 1), tag("t", "Borrower", 2)])] }),
      ["Two tags of Document d1 share the key t."],
    ],
    ["a rule between the document's tags", blueprint({ documents: [{ ...d1, rules: [rule("d1.t1", "d1.t2")] }] }), []],
    [
      "a rule naming a tag of no document",
      blueprint({ documents: [{ ...d1, rules: [rule("d1.t1", "d9.t1")] }] }),
      ["A conditional rule of Document d1 names a tag it does not hold."],
    ],
    [
      "an execution choice for a missing slot",
      blueprint({ documents: [{ ...d1, participantExecution: [{ ...slot("Borrower", 3), executionType: "PAPER" }] }] }),
      ["An execution choice of Document d1 names BORROWER 3, which is not a participant."],
    ],
    [
      "a question for a missing slot",
      blueprint({
        dataGroups: [
          {
            name: "Income",
            description: null,
            fields: [
              {
                slot: slot("Seller", 1),
                label: "Employer",
                type: "TEXT",
                required: false,
                options: [],
                customField: null,
              },
            ],
          },
        ],
      }),
      ["A question of Income names SELLER 1, which is not a participant."],
    ],
    [
      "an upload for a missing slot",
      blueprint({ stips: [{ slot: slot("Borrower", 9), name: "Pay stub", description: null, required: true }] }),
      ["The signer upload Pay stub names BORROWER 9, which is not a participant."],
    ],
    [
      "an invitation attaching a document the blueprint lacks",
      blueprint({ settings: { ...base.settings, emailDocumentKey: "d2" } }),
      ["The invitation attaches a document the blueprint does not hold."],
    ],
    [
      "an invitation attaching its own document",
      blueprint({ settings: { ...base.settings, emailDocumentKey: "d1" } }),
      [],
    ],
  ])("%s", (_, value, problems) => {
    expect(packageBlueprintSchema.safeParse(value).error?.issues ?? []).toEqual([]);
    expect(blueprintProblems(value)).toEqual(problems);
  });

  it("the schema refuses a blueprint of another format and a file without its hash", () => {
    expect(packageBlueprintSchema.safeParse({ ...base, format: 2 }).success).toBe(false);
    const noHash = { ...d1, file: { ...d1.file, sha256: "not a hash" } };
    expect(packageBlueprintSchema.safeParse({ ...base, documents: [noHash] }).success).toBe(false);
  });

  it("reads a slot stored before languages as English and refuses a language Signet does not serve", () => {
    const { language: _, ...older } = base.participants[0]!;
    const parsed = packageBlueprintSchema.parse({ ...base, participants: [older] });
    expect(parsed.participants[0]?.language).toBe("en");
    const korean = packageBlueprintSchema.parse({ ...base, participants: [{ ...older, language: "ko" }] });
    expect(korean.participants[0]?.language).toBe("ko");
    expect(packageBlueprintSchema.safeParse({ ...base, participants: [{ ...older, language: "fr" }] }).success).toBe(
      false,
    );
  });
});
