import { describe, expect, it } from "vitest";
import {
  latestSendDate,
  TRID_DATE_EXPLANATIONS,
  TRID_DATE_LABELS,
  type TridInput,
  tridDates,
  tridDeadlineAtRisk,
} from "./trid.ts";

const base: TridInput = {
  packageType: null,
  application: null,
  changeOfCircumstances: null,
  consummation: null,
  deliveryMethod: null,
  sent: null,
};

// Every fixture of DOMAIN.md §5 through the one function the API and the builder use.
describe("tridDates on the DOMAIN.md §5 fixtures", () => {
  it("1. application Wed 2025-12-31: Loan Estimate due Tue 01-06, mailed then received Fri 01-09, consummation Wed 01-14", () => {
    const dates = tridDates({
      ...base,
      packageType: "LOAN_ESTIMATE",
      application: "2025-12-31",
      deliveryMethod: "MAIL",
      sent: "2026-01-06",
    });
    expect(dates.loanEstimateDue).toBe("2026-01-06");
    expect(dates.deemedReceived).toBe("2026-01-09");
    expect(dates.earliestConsummation).toBe("2026-01-14");
  });

  it("2. Closing Disclosure e-mailed Wed 2026-07-01 → received Mon 07-06, consummation Thu 07-09; in person Thu 07-02 → Tue 07-07", () => {
    const emailed = tridDates({
      ...base,
      packageType: "CLOSING_DISCLOSURE",
      deliveryMethod: "ELECTRONIC",
      sent: "2026-07-01",
    });
    expect(emailed.deemedReceived).toBe("2026-07-06");
    expect(emailed.earliestConsummation).toBe("2026-07-09");
    const inPerson = tridDates({
      ...base,
      packageType: "CLOSING_DISCLOSURE",
      deliveryMethod: "IN_PERSON",
      sent: "2026-07-02",
    });
    expect(inPerson.deemedReceived).toBe("2026-07-02");
    expect(inPerson.earliestConsummation).toBe("2026-07-07");
  });

  it("3. Closing Disclosure mailed Wed 2027-12-22 → received Mon 12-27, consummation Thu 12-30", () => {
    const dates = tridDates({ ...base, packageType: "CLOSING_DISCLOSURE", deliveryMethod: "MAIL", sent: "2027-12-22" });
    expect(dates.deemedReceived).toBe("2027-12-27");
    expect(dates.earliestConsummation).toBe("2027-12-30");
  });

  it("4. Loan Estimate issued Fri 2026-11-06 → closing costs expire Mon 11-23 (Veterans Day skipped); other day counts", () => {
    const dates = tridDates({ ...base, packageType: "LOAN_ESTIMATE", deliveryMethod: "MAIL", sent: "2026-11-06" });
    expect(dates.expirationDate).toBe("2026-11-23");
    const longer = tridDates({
      ...base,
      packageType: "LOAN_ESTIMATE",
      deliveryMethod: "MAIL",
      sent: "2026-11-06",
      expirationDays: 11,
    });
    expect(longer.expirationDate).toBe("2026-11-24");
    // a lender open on Saturdays counts them (general definition follows its calendar)
    const saturdays = tridDates({
      ...base,
      packageType: "LOAN_ESTIMATE",
      sent: "2026-11-06",
      calendar: { openWeekdays: [1, 2, 3, 4, 5, 6] },
    });
    expect(saturdays.expirationDate).toBe("2026-11-19");
  });

  it("5. consummation Mon 2026-11-30 → revised Loan Estimate received by Tue 11-24, mailed no later than Fri 11-20", () => {
    const dates = tridDates({
      ...base,
      packageType: "REVISED_LOAN_ESTIMATE",
      deliveryMethod: "MAIL",
      consummation: "2026-11-30",
    });
    expect(dates.revisedLoanEstimateReceiveBy).toBe("2026-11-24");
    expect(dates.deliveryDeadline).toBe("2026-11-20");
    const inPerson = tridDates({
      ...base,
      packageType: "REVISED_LOAN_ESTIMATE",
      deliveryMethod: "IN_PERSON",
      consummation: "2026-11-30",
    });
    expect(inPerson.deliveryDeadline).toBe("2026-11-24");
  });
});

describe("tridDates beyond the fixtures", () => {
  it("a Closing Disclosure waits also for 7 business days after the Loan Estimate was sent", () => {
    const dates = tridDates({
      ...base,
      packageType: "CLOSING_DISCLOSURE",
      deliveryMethod: "IN_PERSON",
      sent: "2026-01-07",
      loanEstimateSent: "2026-01-06",
    });
    expect(dates.earliestConsummation).toBe("2026-01-14");
  });

  it("a Closing Disclosure for a consummation: received 3 specific business days before, sent 3 before that by mail", () => {
    const dates = tridDates({
      ...base,
      packageType: "CLOSING_DISCLOSURE",
      deliveryMethod: "MAIL",
      consummation: "2026-07-09",
    });
    expect(dates.closingDisclosureReceiveBy).toBe("2026-07-06");
    expect(dates.deliveryDeadline).toBe("2026-07-01");
    expect(dates.earliestConsummation).toBeNull();
  });

  it("a revised Loan Estimate is due 3 general business days after the changed circumstance", () => {
    const dates = tridDates({ ...base, packageType: "REVISED_LOAN_ESTIMATE", changeOfCircumstances: "2026-07-02" });
    expect(dates.loanEstimateDue).toBe("2026-07-08");
    expect(dates.deliveryDeadline).toBe("2026-07-08");
  });

  it("flags a planned consummation earlier than the dates allow", () => {
    const dates = tridDates({
      ...base,
      packageType: "CLOSING_DISCLOSURE",
      deliveryMethod: "ELECTRONIC",
      sent: "2026-07-01",
      consummation: "2026-07-08",
    });
    expect(dates.consummationTooEarly).toBe(true);
    expect(tridDeadlineAtRisk(dates, "2026-07-01", { sent: true }).atRisk).toBe(true);
  });

  it("without a type or milestones every date is null", () => {
    const dates = tridDates(base);
    expect(Object.values(dates).filter((value) => value !== null && value !== false)).toEqual([]);
  });

  it("latestSendDate arrives in time and a day later would not, also when the day to receive by is a Sunday", () => {
    for (const receiveBy of ["2026-11-24", "2026-07-05", "2026-07-04", "2027-12-26"]) {
      const send = latestSendDate(receiveBy, "MAIL");
      const arrives = tridDates({ ...base, packageType: "CLOSING_DISCLOSURE", deliveryMethod: "MAIL", sent: send });
      expect(arrives.deemedReceived! <= receiveBy).toBe(true);
    }
    expect(latestSendDate("2026-07-05", "MAIL")).toBe("2026-06-30");
  });

  it("every date has a label and a one-sentence explanation", () => {
    for (const [name, text] of Object.entries(TRID_DATE_EXPLANATIONS)) {
      expect(TRID_DATE_LABELS[name as keyof typeof TRID_DATE_LABELS]).toBeTruthy();
      expect(text.endsWith(".")).toBe(true);
      expect(text.split(". ").length).toBe(1);
    }
  });
});

describe("tridDeadlineAtRisk", () => {
  const closing = tridDates({
    ...base,
    packageType: "CLOSING_DISCLOSURE",
    deliveryMethod: "MAIL",
    consummation: "2026-07-09",
  }); // send by Wed 07-01

  it("is at risk within 1 business day of the deadline or after it, while not sent", () => {
    expect(tridDeadlineAtRisk(closing, "2026-06-26").atRisk).toBe(false); // Fri: next business day Mon 06-29
    expect(tridDeadlineAtRisk(closing, "2026-06-29").atRisk).toBe(false);
    expect(tridDeadlineAtRisk(closing, "2026-06-30").atRisk).toBe(true);
    expect(tridDeadlineAtRisk(closing, "2026-07-01").atRisk).toBe(true);
    const late = tridDeadlineAtRisk(closing, "2026-07-02");
    expect(late.atRisk).toBe(true);
    expect(late.reason).toContain("passed");
  });

  it("is not at risk once sent in time, nor without a deadline", () => {
    expect(tridDeadlineAtRisk(closing, "2026-07-02", { sent: true }).atRisk).toBe(false);
    expect(tridDeadlineAtRisk(tridDates(base), "2026-07-02").atRisk).toBe(false);
  });
});
