import { z } from "zod";
import { addBusinessDays, businessDaysBefore, DEFAULT_LENDER_CALENDAR, type LenderCalendar } from "./business-days.ts";
import { dayNumber } from "./federal-holidays.ts";

// TRID packages (issue 16 §1, DOMAIN.md §5, Reg Z 12 CFR 1026.19(e),(f)): the disclosure a package
// carries, its milestones and how it is delivered give the legal dates the builder, the package
// page and the workspace show. Pure functions over calendar days ("YYYY-MM-DD"), on top of the
// business-day calculator; the API and the web compute with the same code.

/** Reg Z names: the Loan Estimate (1026.19(e)) and the Closing Disclosure (1026.19(f)), first or revised. */
export const TRID_PACKAGE_TYPES = [
  "LOAN_ESTIMATE",
  "REVISED_LOAN_ESTIMATE",
  "CLOSING_DISCLOSURE",
  "REVISED_CLOSING_DISCLOSURE",
] as const;
export type TridPackageType = (typeof TRID_PACKAGE_TYPES)[number];
export const tridPackageTypeSchema = z.enum(TRID_PACKAGE_TYPES).meta({
  id: "TridPackageType",
  description:
    "The TRID disclosure the package delivers (Regulation Z): LOAN_ESTIMATE, REVISED_LOAN_ESTIMATE, CLOSING_DISCLOSURE or REVISED_CLOSING_DISCLOSURE",
});

export const TRID_PACKAGE_TYPE_LABELS: Record<TridPackageType, string> = {
  LOAN_ESTIMATE: "Loan Estimate",
  REVISED_LOAN_ESTIMATE: "Revised Loan Estimate",
  CLOSING_DISCLOSURE: "Closing Disclosure",
  REVISED_CLOSING_DISCLOSURE: "Revised Closing Disclosure",
};

/** In person: received the day it is handed over; otherwise the mailbox rule (3 specific business days). */
export const TRID_DELIVERY_METHODS = ["IN_PERSON", "ELECTRONIC", "MAIL"] as const;
export type TridDeliveryMethod = (typeof TRID_DELIVERY_METHODS)[number];
export const tridDeliveryMethodSchema = z.enum(TRID_DELIVERY_METHODS).meta({
  id: "TridDeliveryMethod",
  description:
    "How the disclosure reaches the consumer: IN_PERSON (received the day it is handed over), ELECTRONIC or MAIL (received three business days after it is sent, the mailbox rule)",
});

export const TRID_DELIVERY_METHOD_LABELS: Record<TridDeliveryMethod, string> = {
  IN_PERSON: "In person",
  ELECTRONIC: "Electronic",
  MAIL: "Mail",
};

export const DEFAULT_TRID_EXPIRATION_DAYS = 10;
export const MAX_TRID_EXPIRATION_DAYS = 365;

/** A real calendar day written YYYY-MM-DD (no time, no zone). */
export function isCalendarDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  try {
    dayNumber(text);
  } catch {
    return false;
  }
  const year = Number(text.slice(0, 4));
  return year >= 1971 && year <= 9990;
}

export const TRID_MESSAGES = {
  badDay: "Use a calendar date as YYYY-MM-DD.",
  notEnabled: "TRID is not enabled for this organization.",
  expirationDays: `Use a whole number of business days from 1 to ${MAX_TRID_EXPIRATION_DAYS}.`,
} as const;

export const tridDaySchema = z
  .string()
  .refine(isCalendarDay, TRID_MESSAGES.badDay)
  .describe("A calendar day, YYYY-MM-DD");
export const tridExpirationDaysSchema = z
  .number()
  .int(TRID_MESSAGES.expirationDays)
  .min(1, TRID_MESSAGES.expirationDays)
  .max(MAX_TRID_EXPIRATION_DAYS, TRID_MESSAGES.expirationDays)
  .describe(`Business days after sending that the TRID package expires (1–${MAX_TRID_EXPIRATION_DAYS})`);

/** The organization's TRID settings (settings sub-category TRID): defaults and the lender calendar. */
export const tridSettingFields = {
  trid_default_expiration_days: tridExpirationDaysSchema,
  trid_lender_open_saturday: z.boolean(),
} as const;
export const DEFAULT_TRID_SETTINGS = {
  trid_default_expiration_days: DEFAULT_TRID_EXPIRATION_DAYS,
  trid_lender_open_saturday: false,
} as const;

export interface TridInput {
  packageType: TridPackageType | null;
  /** the day the lender received the application */
  application: string | null;
  /** the day the lender learned of a changed circumstance (revised Loan Estimate) */
  changeOfCircumstances: string | null;
  /** the planned consummation (closing) day */
  consummation: string | null;
  deliveryMethod: TridDeliveryMethod | null;
  /** the day the disclosure was (or is planned to be) sent or handed over */
  sent: string | null;
  /** for a Closing Disclosure: the day the last Loan Estimate was sent, when known */
  loanEstimateSent?: string | null;
  /** business days the Loan Estimate's closing costs stay available (default 10) */
  expirationDays?: number | null;
  calendar?: LenderCalendar;
}

export interface TridDates {
  /** Loan Estimate: 3 general business days after the application (revised: after the changed circumstance) */
  loanEstimateDue: string | null;
  /** the day the disclosure counts as received */
  deemedReceived: string | null;
  /** the earliest day the loan may close given what was sent */
  earliestConsummation: string | null;
  /** a revised Loan Estimate must be received 4 specific business days before consummation */
  revisedLoanEstimateReceiveBy: string | null;
  /** the Closing Disclosure must be received 3 specific business days before consummation */
  closingDisclosureReceiveBy: string | null;
  /** the latest day this package's disclosure may be sent for the planned consummation (and the due date) */
  deliveryDeadline: string | null;
  /** Loan Estimate closing costs available until (expirationDays business days after issue) */
  expirationDate: string | null;
  /** the planned consummation cannot be kept with the dates given */
  consummationTooEarly: boolean;
}

export type TridDateName = Exclude<keyof TridDates, "consummationTooEarly">;

/** One short sentence per date for the builder. */
export const TRID_DATE_LABELS: Record<TridDateName, string> = {
  loanEstimateDue: "Loan Estimate due",
  deemedReceived: "Deemed received",
  earliestConsummation: "Earliest consummation",
  revisedLoanEstimateReceiveBy: "Revised Loan Estimate received by",
  closingDisclosureReceiveBy: "Closing Disclosure received by",
  deliveryDeadline: "Send no later than",
  expirationDate: "Closing costs expire",
};

export const TRID_DATE_EXPLANATIONS: Record<TridDateName, string> = {
  loanEstimateDue:
    "The Loan Estimate must be delivered within 3 business days (days the lender is open) after the application or the changed circumstance.",
  deemedReceived:
    "A disclosure handed over in person is received that day; sent by mail or electronically it counts as received 3 business days later (Sundays and legal holidays not counted).",
  earliestConsummation:
    "The loan may close no earlier than 7 business days after the Loan Estimate was sent and 3 business days after the Closing Disclosure was received (Sundays and legal holidays not counted).",
  revisedLoanEstimateReceiveBy:
    "A revised Loan Estimate must reach the borrower no later than 4 business days before consummation (Sundays and legal holidays not counted).",
  closingDisclosureReceiveBy:
    "The Closing Disclosure must reach the borrower at least 3 business days before consummation (Sundays and legal holidays not counted).",
  deliveryDeadline:
    "The last day this disclosure can be sent by the chosen delivery method and still meet its due date and the planned consummation.",
  expirationDate:
    "The Loan Estimate's closing costs stay available for the chosen number of business days (days the lender is open) after it is issued.",
};

const isLoanEstimate = (type: TridPackageType | null) => type === "LOAN_ESTIMATE" || type === "REVISED_LOAN_ESTIMATE";
const isClosingDisclosure = (type: TridPackageType | null) =>
  type === "CLOSING_DISCLOSURE" || type === "REVISED_CLOSING_DISCLOSURE";

const later = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b);
const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/** The day a disclosure sent on `sent` counts as received. */
export function deemedReceivedDate(sent: string, method: TridDeliveryMethod | null): string {
  return method === "IN_PERSON" ? sent : addBusinessDays(sent, 3, "SPECIFIC");
}

/**
 * The latest day from which `count` specific business days still end on or before `end` (the
 * last day to receive or send something for a given day; `end` itself may be a Sunday or holiday).
 */
export function latestDayBefore(end: string, count: number): string {
  let day = businessDaysBefore(end, count, "SPECIFIC");
  while (addBusinessDays(day, count, "SPECIFIC") > end) day = businessDaysBefore(day, 1, "SPECIFIC");
  for (;;) {
    const next = addBusinessDays(day, 1, "SPECIFIC");
    if (addBusinessDays(next, count, "SPECIFIC") > end) return day;
    day = next;
  }
}

/** The latest day to send so that the disclosure is received by `receiveBy`. */
export function latestSendDate(receiveBy: string, method: TridDeliveryMethod | null): string {
  return method === "IN_PERSON" ? receiveBy : latestDayBefore(receiveBy, 3);
}

/** Every legal date of a TRID package (DOMAIN.md §5); null where a milestone it needs is missing. */
export function tridDates(input: TridInput): TridDates {
  const calendar = input.calendar ?? DEFAULT_LENDER_CALENDAR;
  const type = input.packageType;
  const expirationDays = input.expirationDays ?? DEFAULT_TRID_EXPIRATION_DAYS;

  let loanEstimateDue: string | null = null;
  if (type === "LOAN_ESTIMATE" && input.application)
    loanEstimateDue = addBusinessDays(input.application, 3, "GENERAL", calendar);
  if (type === "REVISED_LOAN_ESTIMATE" && input.changeOfCircumstances)
    loanEstimateDue = addBusinessDays(input.changeOfCircumstances, 3, "GENERAL", calendar);

  const deemedReceived = input.sent ? deemedReceivedDate(input.sent, input.deliveryMethod) : null;

  let earliestConsummation: string | null = null;
  if (type === "LOAN_ESTIMATE" && input.sent) earliestConsummation = addBusinessDays(input.sent, 7, "SPECIFIC");
  if (type === "REVISED_LOAN_ESTIMATE" && deemedReceived)
    earliestConsummation = addBusinessDays(deemedReceived, 4, "SPECIFIC");
  if (isClosingDisclosure(type)) {
    const afterLoanEstimate = input.loanEstimateSent ? addBusinessDays(input.loanEstimateSent, 7, "SPECIFIC") : null;
    const afterDisclosure = deemedReceived ? addBusinessDays(deemedReceived, 3, "SPECIFIC") : null;
    earliestConsummation = afterDisclosure ? later(afterLoanEstimate, afterDisclosure) : null;
  }

  const consummation = input.consummation;
  const revisedLoanEstimateReceiveBy =
    consummation && type === "REVISED_LOAN_ESTIMATE" ? latestDayBefore(consummation, 4) : null;
  const closingDisclosureReceiveBy =
    consummation && isClosingDisclosure(type) ? latestDayBefore(consummation, 3) : null;

  let deliveryDeadline: string | null = loanEstimateDue;
  if (consummation && type === "LOAN_ESTIMATE")
    deliveryDeadline = earlier(deliveryDeadline, latestDayBefore(consummation, 7));
  if (revisedLoanEstimateReceiveBy)
    deliveryDeadline = earlier(deliveryDeadline, latestSendDate(revisedLoanEstimateReceiveBy, input.deliveryMethod));
  if (closingDisclosureReceiveBy)
    deliveryDeadline = earlier(deliveryDeadline, latestSendDate(closingDisclosureReceiveBy, input.deliveryMethod));

  const expirationDate =
    isLoanEstimate(type) && input.sent ? addBusinessDays(input.sent, expirationDays, "GENERAL", calendar) : null;

  return {
    loanEstimateDue,
    deemedReceived,
    earliestConsummation,
    revisedLoanEstimateReceiveBy,
    closingDisclosureReceiveBy,
    deliveryDeadline,
    expirationDate,
    consummationTooEarly: Boolean(consummation && earliestConsummation && consummation < earliestConsummation),
  };
}

export interface TridRisk {
  atRisk: boolean;
  /** a sentence for the workspace badge's tooltip; null when not at risk */
  reason: string | null;
}

/**
 * The workspace flag: the disclosure is not sent and its delivery deadline is past or within 1
 * business day of `today`, or the planned consummation is earlier than the dates allow.
 */
export function tridDeadlineAtRisk(
  dates: TridDates,
  today: string,
  options: { sent: boolean; calendar?: LenderCalendar } = { sent: false },
): TridRisk {
  if (dates.consummationTooEarly)
    return {
      atRisk: true,
      reason: `The planned consummation is before the earliest consummation date (${dates.earliestConsummation}).`,
    };
  if (options.sent || !dates.deliveryDeadline) return { atRisk: false, reason: null };
  if (dates.deliveryDeadline < today)
    return { atRisk: true, reason: `The delivery deadline (${dates.deliveryDeadline}) has passed.` };
  const soon = addBusinessDays(today, 1, "GENERAL", options.calendar ?? DEFAULT_LENDER_CALENDAR);
  if (dates.deliveryDeadline <= soon)
    return {
      atRisk: true,
      reason: `The disclosure must be sent by ${dates.deliveryDeadline}, within 1 business day.`,
    };
  return { atRisk: false, reason: null };
}

/** Today's calendar day in a time zone (the organization's), for the deadline check. */
export function calendarDayIn(now: Date, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
      now,
    );
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The organization's lender calendar from its TRID settings. */
export function lenderCalendar(openSaturday: boolean): LenderCalendar {
  return openSaturday ? { openWeekdays: [1, 2, 3, 4, 5, 6] } : DEFAULT_LENDER_CALENDAR;
}

const nullableDay = z.string().nullable();

const TRID_FIELD_TEXT = {
  application: "The day the lender received the loan application, YYYY-MM-DD; null: not set",
  changeCircumstances: "The day of a changed circumstance that prompts a revised disclosure, YYYY-MM-DD; null: none",
  consummation: "The planned consummation (closing) day, YYYY-MM-DD; null: not set",
} as const;

export const tridDatesSchema = z
  .object({
    loanEstimateDue: nullableDay.describe(TRID_DATE_EXPLANATIONS.loanEstimateDue),
    deemedReceived: nullableDay.describe(TRID_DATE_EXPLANATIONS.deemedReceived),
    earliestConsummation: nullableDay.describe(TRID_DATE_EXPLANATIONS.earliestConsummation),
    revisedLoanEstimateReceiveBy: nullableDay.describe(TRID_DATE_EXPLANATIONS.revisedLoanEstimateReceiveBy),
    closingDisclosureReceiveBy: nullableDay.describe(TRID_DATE_EXPLANATIONS.closingDisclosureReceiveBy),
    deliveryDeadline: nullableDay.describe(TRID_DATE_EXPLANATIONS.deliveryDeadline),
    expirationDate: nullableDay.describe(TRID_DATE_EXPLANATIONS.expirationDate),
    consummationTooEarly: z.boolean().describe("The planned consummation is before the earliest consummation"),
  })
  .meta({
    id: "TridDates",
    description: "The legal dates computed from the TRID fields (null where a field they need is unset)",
  });

/** The Package view's TRID part: the stored fields and the dates computed from them. */
export const packageTridSchema = z
  .object({
    tridPackageType: tridPackageTypeSchema.nullable(),
    tridMilestoneApplication: nullableDay.describe(TRID_FIELD_TEXT.application),
    tridMilestoneChangeCircumstances: nullableDay.describe(TRID_FIELD_TEXT.changeCircumstances),
    tridMilestoneConsummation: nullableDay.describe(TRID_FIELD_TEXT.consummation),
    tridDeliveryMethod: tridDeliveryMethodSchema.nullable(),
    tridSentAt: nullableDay.describe("The day the disclosure is sent (when unset: the day the package was sent)"),
    tridExpirationDays: z.number().int().describe("Business days after sending that the TRID package expires"),
    tridExpirationDate: nullableDay.describe("Spec tridExpirationDate: the Loan Estimate's closing costs expire"),
    dates: tridDatesSchema,
    deadlineAtRisk: z.boolean().describe("The delivery deadline is near or past and the package is not complete"),
    riskReason: z.string().nullable().describe("Why the deadline is at risk, in words; null when it is not"),
  })
  .meta({ id: "PackageTrid" });
export type PackageTrid = z.infer<typeof packageTridSchema>;

/** The PATCH package fields of TRID (refused when the organization does not have TRID on). */
export const updatePackageTridFields = {
  tridPackageType: tridPackageTypeSchema.nullish(),
  tridMilestoneApplication: tridDaySchema.nullish().describe(TRID_FIELD_TEXT.application),
  tridMilestoneChangeCircumstances: tridDaySchema.nullish().describe(TRID_FIELD_TEXT.changeCircumstances),
  tridMilestoneConsummation: tridDaySchema.nullish().describe(TRID_FIELD_TEXT.consummation),
  tridDeliveryMethod: tridDeliveryMethodSchema.nullish(),
  tridSentAt: tridDaySchema
    .nullish()
    .describe("The day the disclosure is sent, YYYY-MM-DD; null: the day the package is sent"),
  tridExpirationDays: tridExpirationDaysSchema.optional(),
};
export const TRID_UPDATE_KEYS = Object.keys(updatePackageTridFields) as (keyof typeof updatePackageTridFields)[];
