import * as z from "zod/mini";
import { lenient, pageNumber, sortDirection } from "../../app/search.ts";

// The template lists' paging and sort in the URL, apart from the template API calls: the routes
// read it before their pages load.

export const TEMPLATE_SORT_FIELDS = ["name", "status", "lastUpdatedAt"] as const;
export type TemplateSortField = (typeof TEMPLATE_SORT_FIELDS)[number];

/**
 * ?org= lets a support user open another organization's templates (ignored for everyone else);
 * the list's page and sort are kept in the URL too.
 */
export const templateSearchSchema = z.object({
  org: lenient(z.uuid()),
  page: lenient(pageNumber()),
  sortBy: lenient(z.enum(TEMPLATE_SORT_FIELDS)),
  sortDirection: lenient(sortDirection()),
});
export type TemplateSearch = z.infer<typeof templateSearchSchema>;
