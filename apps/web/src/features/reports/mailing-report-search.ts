import { MAILING_STATUSES } from "@signet/contract";
import * as z from "zod/mini";
import { lenient, pageNumber, sortDirection } from "../../app/search.ts";

// The mailing report's filters and paging in the URL, in a module of their own: the route reads
// them before its page is loaded, and the page (charts, date pickers) must stay out of the entry.

/** Anything unreadable falls back to no filter. */
export const mailingReportSearchSchema = z.object({
  status: lenient(z.enum(MAILING_STATUSES)),
  carrier: lenient(z.string().check(z.maxLength(100))),
  milestoneError: lenient(z.enum(["true", "false"])),
  createdFrom: lenient(z.iso.date()),
  createdTo: lenient(z.iso.date()),
  page: lenient(pageNumber()),
  sortBy: lenient(z.enum(["createdAt", "status", "recipientName"])),
  sortDirection: lenient(sortDirection()),
  /** a support user acting in another organization */
  org: lenient(z.uuid()),
});
export type MailingReportSearch = z.infer<typeof mailingReportSearchSchema>;
