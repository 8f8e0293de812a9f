import {
  addBusinessDays,
  type BusinessDayKind,
  businessDaysBefore,
  dayNumber,
  deemedReceivedDate,
  federalHolidays,
  isBusinessDay,
  isoDay,
  latestSendDate,
  TRID_DELIVERY_METHODS,
  tridDates,
  weekday,
} from "@signet/contract";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

// Issue 16 §1: property tests of the TRID business-day rules (the contract package has no fast-check;
// these run with the API's tests). Days from 1990 to 2090, counts up to 60 business days.

const FIRST = dayNumber("1990-01-01");
const LAST = dayNumber("2090-12-31");
const day = fc.integer({ min: FIRST, max: LAST }).map(isoDay);
const count = fc.integer({ min: 0, max: 60 });
const kind = fc.constantFrom<BusinessDayKind>("GENERAL", "SPECIFIC");

const legal = (date: string) => federalHolidays(Number(date.slice(0, 4))).some((h) => h.legalDate === date);
const observed = (date: string) => {
  const year = Number(date.slice(0, 4));
  return [...federalHolidays(year), ...federalHolidays(year + 1)].some((h) => h.observedDate === date);
};

describe("TRID business days (properties)", () => {
  it("adding n business days then counting n back returns a business-day start", () => {
    fc.assert(
      fc.property(day, count, kind, (start, n, k) => {
        fc.pre(isBusinessDay(start, k));
        expect(businessDaysBefore(addBusinessDays(start, n, k), n, k)).toBe(start);
        expect(addBusinessDays(businessDaysBefore(start, n, k), n, k)).toBe(start);
      }),
      { numRuns: 500 },
    );
  });

  it("no specific-definition result falls on a Sunday or a legal holiday", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 60 }), (start, n) => {
        for (const result of [addBusinessDays(start, n, "SPECIFIC"), businessDaysBefore(start, n, "SPECIFIC")]) {
          expect(weekday(dayNumber(result))).not.toBe(0);
          expect(legal(result)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("general results never fall on a weekend or an observed holiday", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 1, max: 60 }), (start, n) => {
        for (const result of [addBusinessDays(start, n, "GENERAL"), businessDaysBefore(start, n, "GENERAL")]) {
          expect([0, 6]).not.toContain(weekday(dayNumber(result)));
          expect(observed(result)).toBe(false);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("the latest send date arrives in time, and the next business day would not", () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...TRID_DELIVERY_METHODS), (receiveBy, method) => {
        const send = latestSendDate(receiveBy, method);
        expect(deemedReceivedDate(send, method) <= receiveBy).toBe(true);
        if (method !== "IN_PERSON")
          expect(deemedReceivedDate(addBusinessDays(send, 1, "SPECIFIC"), method) > receiveBy).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it("a Closing Disclosure sent for its own latest send date keeps the consummation", () => {
    fc.assert(
      fc.property(day, fc.constantFrom(...TRID_DELIVERY_METHODS), (consummation, method) => {
        const planned = tridDates({
          packageType: "CLOSING_DISCLOSURE",
          application: null,
          changeOfCircumstances: null,
          consummation,
          deliveryMethod: method,
          sent: null,
        });
        const sent = tridDates({
          packageType: "CLOSING_DISCLOSURE",
          application: null,
          changeOfCircumstances: null,
          consummation,
          deliveryMethod: method,
          sent: planned.deliveryDeadline,
        });
        expect(sent.consummationTooEarly).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});
