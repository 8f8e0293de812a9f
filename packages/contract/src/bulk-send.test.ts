import { describe, expect, it } from "vitest";
import {
  BULK_SEND_LIMITS,
  BULK_SEND_MESSAGES,
  type BulkSendCustomField,
  type BulkSendSlot,
  bulkSendColumns,
  columnKey,
  matchBulkSendHeader,
  readBulkSendRecords,
  requiredColumns,
} from "./bulk-send.ts";

const SLOTS: BulkSendSlot[] = [
  { type: "BORROWER", roleNumber: 1, accessMethod: "EMAIL" },
  { type: "Co Signer", roleNumber: 2, accessMethod: "SMS" },
];
const LOAN: BulkSendCustomField = {
  key: "loanNumber",
  id: "11111111-1111-4111-8111-111111111111",
  dataType: "WHOLE_NUMBER",
  required: false,
  selectOptions: [],
};
const HEADER = [
  "BORROWER 1 first name",
  "BORROWER 1 last name",
  "BORROWER 1 email",
  "CO SIGNER 2 first name",
  "CO SIGNER 2 last name",
  "CO SIGNER 2 phone",
];

describe("bulk send columns", () => {
  it("names a column for each slot's names and contacts, the package name and each custom field key", () => {
    expect(bulkSendColumns(SLOTS, [LOAN]).map((column) => column.header)).toEqual([
      "package name",
      "BORROWER 1 first name",
      "BORROWER 1 last name",
      "BORROWER 1 email",
      "BORROWER 1 phone",
      "CO SIGNER 2 first name",
      "CO SIGNER 2 last name",
      "CO SIGNER 2 email",
      "CO SIGNER 2 phone",
      "loanNumber",
    ]);
  });

  it.each([
    ["borrower 1 FIRST NAME", "BORROWER 1 first name"],
    ["  Borrower  1   first   name ", "BORROWER 1 first name"],
    ["\uFEFFBORROWER 1 first name", "BORROWER 1 first name"],
    ["borrower1firstname", "BORROWER 1 first name"],
  ])("reads %j as %j (case- and space-insensitive)", (written, canonical) => {
    expect(columnKey(written)).toBe(columnKey(canonical));
  });
});

describe("the header line", () => {
  // header → problems
  const CASES: [string, string[], string[]][] = [
    ["every required column", HEADER, []],
    ["mixed case and spacing", HEADER.map((h) => `  ${h.toLowerCase()} `), []],
    ["optional columns", [...HEADER, "Package Name", "LOANNUMBER", "BORROWER 1 phone"], []],
    ["trailing empty cells", [...HEADER, "", " "], []],
    ["an unknown column", [...HEADER, "BORROWER 3 email"], [BULK_SEND_MESSAGES.unknownColumn("BORROWER 3 email")]],
    ["an unnamed column", [HEADER[0]!, "", ...HEADER.slice(1)], [BULK_SEND_MESSAGES.unnamedColumn(2)]],
    ["a repeated column", [...HEADER, "borrower 1 email"], [BULK_SEND_MESSAGES.duplicateColumn("borrower 1 email")]],
    [
      "missing columns (the SMS slot needs its phone, the email slot its email)",
      HEADER.filter((h) => !h.endsWith("phone") && !h.endsWith("1 email")),
      [BULK_SEND_MESSAGES.missingColumn("BORROWER 1 email"), BULK_SEND_MESSAGES.missingColumn("CO SIGNER 2 phone")],
    ],
  ];
  it.each(CASES)("%s", (_, header, problems) => {
    expect(matchBulkSendHeader(header, SLOTS, [LOAN]).problems).toEqual(problems);
  });
});

const GOOD = ["Ada", "Okafor", "ada@example.com", "Ben", "Okafor", "(555) 010-0199"];

describe("the rows", () => {
  it("reads each row as the people of every slot, with its line as a spreadsheet shows it", () => {
    const reading = readBulkSendRecords(
      [
        [...HEADER, "package name", "loanNumber"],
        [...GOOD, "Okafor refinance", " 0042 "],
        [],
        ["", "", ""],
        [...GOOD, "", ""],
      ],
      SLOTS,
      [LOAN],
    );
    expect(reading.headerProblems).toEqual([]);
    expect(reading.rows).toEqual([
      {
        ok: true,
        line: 2,
        input: {
          packageName: "Okafor refinance",
          people: [
            {
              type: "BORROWER",
              roleNumber: 1,
              givenName: "Ada",
              familyName: "Okafor",
              email: "ada@example.com",
              phoneNumber: null,
            },
            {
              type: "Co Signer",
              roleNumber: 2,
              givenName: "Ben",
              familyName: "Okafor",
              email: null,
              phoneNumber: "5550100199",
            },
          ],
          customFields: [{ customFieldId: LOAN.id, value: "42" }],
        },
      },
      // lines 3 and 4 are blank: skipped, yet the next row keeps its spreadsheet line
      expect.objectContaining({ ok: true, line: 5 }),
    ]);
  });

  // a row of HEADER + loanNumber → its reason
  const CASES: [string, string[], string][] = [
    ["no first name", ["", ...GOOD.slice(1), ""], "BORROWER 1 first name: First name is required."],
    [
      "a bad email",
      [GOOD[0]!, GOOD[1]!, "ada-at-example", ...GOOD.slice(3), ""],
      "BORROWER 1 email: Enter a valid email address.",
    ],
    [
      "no email for an email signer",
      [GOOD[0]!, GOOD[1]!, "", ...GOOD.slice(3), ""],
      "BORROWER 1: An email address is required for a participant who signs by email.",
    ],
    ["a short phone", [...GOOD.slice(0, 5), "555-01", ""], "CO SIGNER 2 phone: Enter a ten-digit phone number."],
    ["a bad custom field value", [...GOOD, "forty"], "loanNumber: Enter a whole number."],
    [
      "several problems, each named",
      ["", "Okafor", "nope", "Ben", "", "5550100199", ""],
      "BORROWER 1 first name: First name is required. BORROWER 1 email: Enter a valid email address. CO SIGNER 2 last name: Last name is required.",
    ],
    ["values beyond the header", [...GOOD, "", "surplus"], BULK_SEND_MESSAGES.cellCount(8, 7)],
  ];
  it.each(CASES)("refuses %s with its line and reason", (_, cells, reason) => {
    const reading = readBulkSendRecords([[...HEADER, "loanNumber"], [...GOOD, "7"], cells], SLOTS, [LOAN]);
    expect(reading.rows[1]).toEqual({ ok: false, line: 3, reason });
    expect(reading.rows[0]?.ok).toBe(true);
  });

  it("reads a short row's missing cells as empty (an empty custom field keeps the template's value)", () => {
    const reading = readBulkSendRecords([[...HEADER, "loanNumber"], GOOD], SLOTS, [LOAN]);
    expect(reading.rows[0]).toMatchObject({ ok: true, input: { customFields: [] } });
  });
});

describe("the file as a whole", () => {
  it.each([
    ["empty", [], [BULK_SEND_MESSAGES.empty]],
    ["a header only", [HEADER, []], [BULK_SEND_MESSAGES.noRows]],
    [
      "a bad header stops the reading",
      [["who"], GOOD],
      [BULK_SEND_MESSAGES.unknownColumn("who"), ...requiredColumns(SLOTS).map(BULK_SEND_MESSAGES.missingColumn)],
    ],
  ] as [string, string[][], string[]][])("%s", (_, records, problems) => {
    const reading = readBulkSendRecords(records, SLOTS, []);
    expect(reading.headerProblems).toEqual(problems);
    expect(reading.rows).toEqual([]);
  });

  it(`takes ${BULK_SEND_LIMITS.rows} rows and says clearly when there are more`, () => {
    const rows = (n: number) => [HEADER, ...Array.from({ length: n }, () => GOOD)];
    expect(readBulkSendRecords(rows(BULK_SEND_LIMITS.rows), SLOTS, []).rows).toHaveLength(BULK_SEND_LIMITS.rows);
    expect(readBulkSendRecords(rows(BULK_SEND_LIMITS.rows + 1), SLOTS, []).headerProblems).toEqual([
      "The file has 1,001 rows: a bulk send takes at most 1,000. Split it into several files.",
    ]);
  });
});
