import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { MailingReportPage } from "../../../features/reports/MailingReportPage.tsx";
import {
  type MailingReportSearch,
  mailingReportSearchSchema,
} from "../../../features/reports/mailing-report-search.ts";

function MailingReportRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback(
    (next: MailingReportSearch) =>
      void navigate({
        search: Object.fromEntries(Object.entries(next).filter(([, value]) => value !== undefined && value !== "")),
      }),
    [navigate],
  );
  return <MailingReportPage search={search} onSearch={onSearch} />;
}

export const Route = createFileRoute("/_auth/reports/mailing")({
  validateSearch: mailingReportSearchSchema,
  component: MailingReportRoute,
});
