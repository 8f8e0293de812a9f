import { MAILING_STATUSES } from "@signet/contract";
import { z } from "zod";

// The mailing report's filters and paging in the URL, in a module of their own: the route reads
// them before its page is loaded, and the page (charts, date pickers) must stay out of the entry.

/** Anything unreadable falls back to no filter. */
export const mailingReportSearchSchema = z.object({
  status: z.enum(MAILING_STATUSES).optional().catch(undefined),
  carrier: z.string().max(100).optional().catch(undefined),
  milestoneError: z.enum(["true", "false"]).optional().catch(undefined),
  createdFrom: z.iso.date().optional().catch(undefined),
  createdTo: z.iso.date().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  sortBy: z.enum(["createdAt", "status", "recipientName"]).optional().catch(undefined),
  sortDirection: z.enum(["asc", "desc"]).optional().catch(undefined),
  /** a support user acting in another organization */
  org: z.uuid().optional().catch(undefined),
});
export type MailingReportSearch = z.infer<typeof mailingReportSearchSchema>;
