import { EDEPOSIT_MESSAGES, type EDepositConfig } from "@signet/contract";
import { describe, expect, it } from "vitest";
import {
  eDepositConfigProblems,
  offersEDeposit,
  sameEDepositConfig,
  TRANSACTION_TYPE_REQUIRED,
  turnedOn,
} from "./edeposit-config-form.ts";

const VAULT = "6f1d3c1e-8a2b-4b8e-9f5a-0c1d2e3f4a5b";
const OTHER_VAULT = "7f1d3c1e-8a2b-4b8e-9f5a-0c1d2e3f4a5b";
const NOTE = "8f1d3c1e-8a2b-4b8e-9f5a-0c1d2e3f4a5b";
const VIEW_ONLY = "9f1d3c1e-8a2b-4b8e-9f5a-0c1d2e3f4a5b";
const off: EDepositConfig = {
  enabled: false,
  vaultId: null,
  financialAssetDocId: null,
  financialAssetDocType: null,
  supplementalDocType: null,
  transactionType: null,
};
const on = { enabled: true, transactionType: "PURCHASE" } as const;
const known = { enabledVaultIds: [VAULT], eSignDocumentIds: [NOTE] };

describe("eDepositConfigProblems", () => {
  it.each([
    ["off: nothing required", off, {}],
    [
      "on without vault or note",
      { ...off, enabled: true },
      {
        vaultId: EDEPOSIT_MESSAGES.vaultRequired,
        financialAssetDocId: EDEPOSIT_MESSAGES.assetDocRequired,
        transactionType: TRANSACTION_TYPE_REQUIRED,
      },
    ],
    ["on and complete", { ...off, ...on, vaultId: VAULT, financialAssetDocId: NOTE }, {}],
    [
      "a disabled vault",
      { ...off, ...on, vaultId: OTHER_VAULT, financialAssetDocId: NOTE },
      { vaultId: EDEPOSIT_MESSAGES.vaultDisabled },
    ],
    [
      "a document that is not E-Sign",
      { ...off, ...on, vaultId: VAULT, financialAssetDocId: VIEW_ONLY },
      { financialAssetDocId: EDEPOSIT_MESSAGES.assetDocNotESign },
    ],
  ] as const)("%s", (_, config, expected) => {
    expect(eDepositConfigProblems(config, known)).toEqual(expected);
  });

  it("does not call a vault disabled when the list is unknown", () => {
    const config = { ...off, ...on, vaultId: OTHER_VAULT, financialAssetDocId: NOTE };
    expect(eDepositConfigProblems(config, { ...known, enabledVaultIds: null })).toEqual({});
  });
});

describe("sameEDepositConfig", () => {
  it("compares every field", () => {
    expect(sameEDepositConfig(off, { ...off })).toBe(true);
    expect(sameEDepositConfig(off, { ...off, transactionType: "PURCHASE" })).toBe(false);
    expect(sameEDepositConfig(off, { ...off, enabled: true })).toBe(false);
  });
});

describe("turnedOn", () => {
  it("fills in the types the API would choose, keeping chosen ones", () => {
    expect(turnedOn(off)).toEqual({
      ...off,
      enabled: true,
      financialAssetDocType: "PROMISSORY_NOTE",
      supplementalDocType: "OTHER",
    });
    expect(turnedOn({ ...off, supplementalDocType: "RIDER" }).supplementalDocType).toBe("RIDER");
  });
});

describe("offersEDeposit", () => {
  it.each([
    [0, false, false],
    [null, false, false],
    [1, false, true],
    [0, true, true],
    [null, true, true],
  ] as const)("%s vaults, enabled %s → %s", (count, enabled, expected) => {
    expect(offersEDeposit(count, { enabled })).toBe(expected);
  });
});
