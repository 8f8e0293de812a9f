import { z } from "zod";

// The template lists' paging and sort in the URL, apart from the template API calls: the routes
// read it before their pages load.

export const TEMPLATE_SORT_FIELDS = ["name", "status", "lastUpdatedAt"] as const;
export type TemplateSortField = (typeof TEMPLATE_SORT_FIELDS)[number];

/**
 * ?org= lets a support user open another organization's templates (ignored for everyone else);
 * the list's page and sort are kept in the URL too.
 */
export const templateSearchSchema = z.object({
  org: z.uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  sortBy: z.enum(TEMPLATE_SORT_FIELDS).optional().catch(undefined),
  sortDirection: z.enum(["asc", "desc"]).optional().catch(undefined),
});
export type TemplateSearch = z.infer<typeof templateSearchSchema>;
