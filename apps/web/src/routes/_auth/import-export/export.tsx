import { createFileRoute } from "@tanstack/react-router";
import { searchSchema, uuid } from "../../../app/search.ts";
import { ExportPage } from "../../../features/import-export/ExportPage.tsx";
import { RequireImportExport } from "../../../features/import-export/RequireImportExport.tsx";

function ExportRoute() {
  const { org } = Route.useSearch();
  return (
    <RequireImportExport>
      <ExportPage org={org} />
    </RequireImportExport>
  );
}

// a support user may open another organization's import/export with ?org=
export const Route = createFileRoute("/_auth/import-export/export")({
  validateSearch: searchSchema({ org: uuid() }),
  component: ExportRoute,
});
