import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod/mini";
import { lenient } from "../../../app/search.ts";
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
  validateSearch: z.object({ org: lenient(z.uuid()) }),
  component: ExportRoute,
});
