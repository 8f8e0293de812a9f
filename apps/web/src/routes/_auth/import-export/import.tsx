import { createFileRoute } from "@tanstack/react-router";
import { ImportPage } from "../../../features/import-export/ImportPage.tsx";
import { RequireImportExport } from "../../../features/import-export/RequireImportExport.tsx";

export const Route = createFileRoute("/_auth/import-export/import")({
  component: () => (
    <RequireImportExport>
      <ImportPage />
    </RequireImportExport>
  ),
});
