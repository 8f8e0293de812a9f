// The sort fields of the package lists, apart from the list schemas: the web's routes read them to
// validate their URLs before any page loads, and must not pull the package or report contracts with them.

export const PACKAGE_SORT_FIELDS = ["createdAt", "lastUpdatedAt", "name", "status", "shortId"] as const;

export const PACKAGE_REPORT_SORT_FIELDS = ["createdAt", "sentAt", "completedAt", "name", "status"] as const;
export type PackageReportSortField = (typeof PACKAGE_REPORT_SORT_FIELDS)[number];
