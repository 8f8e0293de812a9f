import { createFileRoute } from "@tanstack/react-router";
import { searchSchema, uuid } from "../../../app/search.ts";
import { ImportPage } from "../../../features/import-export/ImportPage.tsx";
import { RequireImportExport } from "../../../features/import-export/RequireImportExport.tsx";

function ImportRoute() {
  const { org } = Route.useSearch();
  return (
    <RequireImportExport>
      <ImportPage org={org} />
    </RequireImportExport>
  );
}

// a support user may open another organization's import/export with ?org=
export const Route = createFileRoute("/_auth/import-export/import")({
  validateSearch: searchSchema({ org: uuid() }),
  component: ImportRoute,
});
