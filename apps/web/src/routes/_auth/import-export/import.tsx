import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
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
  validateSearch: z.object({ org: z.uuid().optional().catch(undefined) }),
  component: ImportRoute,
});
