import { MAILING_STATUSES } from "@signet/contract";
import {
  isoDate,
  oneOf,
  pageNumber,
  type SearchValues,
  searchSchema,
  sortDirection,
  text,
  uuid,
} from "../../app/search.ts";

// The mailing report's filters and paging in the URL, in a module of their own: the route reads
// them before its page is loaded, and the page (charts, date pickers) must stay out of the entry.

/** Anything unreadable falls back to no filter. */
export const mailingReportSearchSchema = searchSchema({
  status: oneOf(MAILING_STATUSES),
  carrier: text({ max: 100 }),
  milestoneError: oneOf(["true", "false"]),
  createdFrom: isoDate(),
  createdTo: isoDate(),
  page: pageNumber(),
  sortBy: oneOf(["createdAt", "status", "recipientName"]),
  sortDirection: sortDirection(),
  /** a support user acting in another organization */
  org: uuid(),
});
export type MailingReportSearch = SearchValues<typeof mailingReportSearchSchema>;
