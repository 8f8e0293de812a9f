import type { TemplateSlot } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { newFromTemplateSchema, personProblems } from "./NewFromTemplateDialog.tsx";

const slot = (accessMethod: TemplateSlot["accessMethod"]): TemplateSlot => ({
  type: "Borrower",
  roleNumber: 1,
  displayName: "BORROWER 1",
  role: "SIGNER",
  accessMethod,
  language: "en",
});
const person = { givenName: "Maria", familyName: "Rivera", contact: "maria@example.com" };

describe("the people of a new package from template", () => {
  it.each([
    ["EMAIL", {}, {}],
    ["EMAIL", { givenName: " " }, { givenName: "First name is required." }],
    ["EMAIL", { familyName: "" }, { familyName: "Last name is required." }],
    ["EMAIL", { contact: "" }, { contact: "Email is required." }],
    ["EMAIL", { contact: "maria@" }, { contact: "Enter a valid email address." }],
    ["SMS", { contact: "" }, { contact: "Mobile phone is required." }],
    ["SMS", { contact: "12345" }, { contact: "Enter ten digits, e.g. 123-456-7890." }],
    ["SMS", { contact: "(123) 456-7890" }, {}],
    ["API", { contact: "" }, {}],
  ] as const)("%s slot, %o → %o", (method, change, problems) => {
    expect(personProblems(slot(method), { ...person, ...change })).toEqual(problems);
  });
});

describe("the dialog's form schema", () => {
  it("turns each slot's person into the contract's body, a blank package name left to the template", () => {
    const parsed = newFromTemplateSchema.parse({
      name: "  ",
      people: [
        { slot: slot("EMAIL"), ...person, givenName: " Maria " },
        { slot: { ...slot("SMS"), type: "Co-Borrower" }, ...person, contact: "(123) 456-7890" },
      ],
    });
    expect(parsed).toEqual({
      people: [
        { type: "Borrower", roleNumber: 1, givenName: "Maria", familyName: "Rivera", email: "maria@example.com" },
        { type: "Co-Borrower", roleNumber: 1, givenName: "Maria", familyName: "Rivera", phoneNumber: "1234567890" },
      ],
      customFields: [],
    });
    expect(newFromTemplateSchema.parse({ name: " Rivera loan ", people: [] }).name).toBe("Rivera loan");
  });

  it("puts each person's problem under that person's field", () => {
    const result = newFromTemplateSchema.safeParse({
      name: "",
      people: [
        { slot: slot("EMAIL"), ...person },
        { slot: slot("SMS"), ...person, familyName: "", contact: "12345" },
      ],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["people.1.familyName", "Last name is required."],
      ["people.1.contact", "Enter ten digits, e.g. 123-456-7890."],
    ]);
  });
});
