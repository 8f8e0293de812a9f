import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { PackageReportPage } from "../../../features/reports/PackageReportPage.tsx";
import { compactSearch, type ReportSearch, reportSearchSchema } from "../../../features/reports/report-search.ts";

function PackageReportRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback(
    (next: ReportSearch, replace = false) => void navigate({ search: compactSearch(next), replace }),
    [navigate],
  );
  return <PackageReportPage search={search} onSearch={onSearch} />;
}

export const Route = createFileRoute("/_auth/reports/package")({
  validateSearch: reportSearchSchema,
  component: PackageReportRoute,
});
