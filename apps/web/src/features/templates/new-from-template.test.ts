import type { TemplateSlot } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { personProblems } from "./NewFromTemplateDialog.tsx";

const slot = (accessMethod: TemplateSlot["accessMethod"]): TemplateSlot => ({
  type: "Borrower",
  roleNumber: 1,
  displayName: "BORROWER 1",
  role: "SIGNER",
  accessMethod,
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
