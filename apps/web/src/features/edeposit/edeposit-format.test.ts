import { describe, expect, it } from "vitest";
import { eDepositStatusColor, eDepositStatusText, shortSha256, vaultTypeLabel } from "./edeposit-format.ts";
import { pollsWhile } from "./edeposit-queries.ts";

describe("eDeposit words", () => {
  it.each([
    [null, "Not started", "gray"],
    ["IN_PROGRESS", "Depositing", "blue"],
    ["FAILED_TRANSACTION", "Failed: open the vault transaction", "red"],
    ["FAILED_UPDATE_TRANS_STATUS", "Failed: mark the transaction complete", "red"],
    ["DEPOSITED", "Deposited", "green"],
    ["CANCELLED", "Cancelled", "gray"],
  ] as const)("%s → %s", (status, text, color) => {
    expect(eDepositStatusText(status)).toBe(text);
    expect(eDepositStatusColor(status)).toBe(color);
  });

  it("names the vault's types in words, known or not", () => {
    expect(vaultTypeLabel("PROMISSORY_NOTE")).toBe("Promissory note");
    expect(vaultTypeLabel("HELOC")).toBe("Home equity line of credit (HELOC)");
    expect(vaultTypeLabel("SECURITY_INSTRUMENT")).toBe("Security instrument");
    expect(vaultTypeLabel("")).toBe("");
  });

  it("shortens a SHA-256 to its ends", () => {
    const hash = "a".repeat(8) + "b".repeat(50) + "c".repeat(6);
    expect(shortSha256(hash)).toBe("aaaaaaaa…cccccc");
    expect(shortSha256("abc")).toBe("abc");
  });

  it("polls only while the deposit runs", () => {
    expect(pollsWhile({ status: "IN_PROGRESS" })).toBe(true);
    expect(pollsWhile({ status: "FAILED_DOCUMENTS" })).toBe(false);
    expect(pollsWhile(undefined)).toBe(false);
  });
});
