import { federalHolidaysBetween, type HolidayList, type HolidayQuery, holidayRange } from "@signet/contract";
import type { Actor } from "../actor.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * Spec §7 holidays (DOMAIN.md §5): the federal holidays whose legal or observed date falls in the
 * asked year or range, from the pure rules TRID timing uses. The same for every organization, so
 * any signed-in user may read them.
 */
export function listHolidays(_actor: Actor, query: HolidayQuery, today: Date = new Date()): HolidayList {
  const range = holidayRange(query, today);
  if (!range.ok) throw new AppError("BAD_REQUEST", range.message, [{ path: range.path, message: range.message }]);
  const records = federalHolidaysBetween(range.from, range.to);
  return { records, count: records.length, from: range.from, to: range.to };
}
