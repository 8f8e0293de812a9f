import {
  calendarDayIn,
  DEFAULT_LENDER_CALENDAR,
  DEFAULT_TRID_SETTINGS,
  type LenderCalendar,
  lenderCalendar,
  type PackageTrid,
  TRID_DELIVERY_METHODS,
  TRID_PACKAGE_TYPES,
  type TridDeliveryMethod,
  type TridPackageType,
  tridDates,
  tridDeadlineAtRisk,
} from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import { readOrganizationSettings } from "../settings/read-organization-settings.ts";

// Issue 16 §1: a package's TRID part of its view — the stored fields and the legal dates computed
// by the contract's tridDates with the organization's lender calendar (TRID settings).

type SettingsReader = Pick<Prisma.TransactionClient, "organizationSetting">;

export interface TridContext {
  calendar: LenderCalendar;
  timeZone: string;
  defaultExpirationDays: number;
  /** today's calendar day in the organization's time zone */
  today: string;
}

/** Without the organization's settings: the default calendar, UTC, today. */
export const defaultTridContext = (): TridContext => ({
  calendar: DEFAULT_LENDER_CALENDAR,
  timeZone: "UTC",
  defaultExpirationDays: DEFAULT_TRID_SETTINGS.trid_default_expiration_days,
  today: new Date().toISOString().slice(0, 10),
});

export async function readTridContext(db: SettingsReader, organizationId: string): Promise<TridContext> {
  const values = await readOrganizationSettings(db, organizationId, [
    "trid_lender_open_saturday",
    "trid_default_expiration_days",
    "timezone",
  ]);
  return {
    calendar: lenderCalendar(values.trid_lender_open_saturday),
    timeZone: values.timezone,
    defaultExpirationDays: values.trid_default_expiration_days,
    today: calendarDayIn(new Date(), values.timezone),
  };
}

export interface TridRow {
  sentAt: Date | null;
  tridPackageType: string | null;
  tridMilestoneApplication: Date | null;
  tridMilestoneChangeCircumstances: Date | null;
  tridMilestoneConsummation: Date | null;
  tridDeliveryMethod: string | null;
  tridSentAt: Date | null;
  tridExpirationDays: number;
}

/** A DATE column (midnight UTC) as its calendar day. */
export const dayOf = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : null);
/** A calendar day for a DATE column. */
export const dateColumn = (day: string | null | undefined) =>
  day === undefined ? undefined : day === null ? null : new Date(`${day}T00:00:00.000Z`);

const packageType = (value: string | null) =>
  (TRID_PACKAGE_TYPES as readonly string[]).includes(value ?? "") ? (value as TridPackageType) : null;
const deliveryMethod = (value: string | null) =>
  (TRID_DELIVERY_METHODS as readonly string[]).includes(value ?? "") ? (value as TridDeliveryMethod) : null;

export function toPackageTrid(row: TridRow, context: TridContext = defaultTridContext()): PackageTrid {
  const type = packageType(row.tridPackageType);
  const method = deliveryMethod(row.tridDeliveryMethod);
  const sent = dayOf(row.tridSentAt) ?? (row.sentAt ? calendarDayIn(row.sentAt, context.timeZone) : null);
  const dates = tridDates({
    packageType: type,
    application: dayOf(row.tridMilestoneApplication),
    changeOfCircumstances: dayOf(row.tridMilestoneChangeCircumstances),
    consummation: dayOf(row.tridMilestoneConsummation),
    deliveryMethod: method,
    sent,
    expirationDays: row.tridExpirationDays,
    calendar: context.calendar,
  });
  const risk =
    type === null
      ? { atRisk: false, reason: null }
      : tridDeadlineAtRisk(dates, context.today, { sent: row.sentAt !== null, calendar: context.calendar });
  return {
    tridPackageType: type,
    tridMilestoneApplication: dayOf(row.tridMilestoneApplication),
    tridMilestoneChangeCircumstances: dayOf(row.tridMilestoneChangeCircumstances),
    tridMilestoneConsummation: dayOf(row.tridMilestoneConsummation),
    tridDeliveryMethod: method,
    tridSentAt: dayOf(row.tridSentAt),
    tridExpirationDays: row.tridExpirationDays,
    tridExpirationDate: dates.expirationDate,
    dates,
    deadlineAtRisk: risk.atRisk,
    riskReason: risk.reason,
  };
}
