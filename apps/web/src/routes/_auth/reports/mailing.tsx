import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import {
  MailingReportPage,
  type MailingReportSearch,
  mailingReportSearchSchema,
} from "../../../features/reports/MailingReportPage.tsx";

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
