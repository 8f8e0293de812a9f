import { oneOf, pageNumber, type SearchValues, searchSchema, sortDirection, uuid } from "../../app/search.ts";

// The template lists' paging and sort in the URL, apart from the template API calls: the routes
// read it before their pages load.

export const TEMPLATE_SORT_FIELDS = ["name", "status", "lastUpdatedAt"] as const;
export type TemplateSortField = (typeof TEMPLATE_SORT_FIELDS)[number];

/**
 * ?org= lets a support user open another organization's templates (ignored for everyone else);
 * the list's page and sort are kept in the URL too; ?new=1 opens the new template form (a link from
 * a page that needs a template, such as bulk send).
 */
export const templateSearchSchema = searchSchema({
  org: uuid(),
  new: oneOf(["1"]),
  page: pageNumber(),
  sortBy: oneOf(TEMPLATE_SORT_FIELDS),
  sortDirection: sortDirection(),
});
export type TemplateSearch = SearchValues<typeof templateSearchSchema>;
