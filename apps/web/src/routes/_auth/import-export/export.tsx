import { createFileRoute } from "@tanstack/react-router";
import { ExportPage } from "../../../features/import-export/ExportPage.tsx";
import { RequireImportExport } from "../../../features/import-export/RequireImportExport.tsx";

export const Route = createFileRoute("/_auth/import-export/export")({
  component: () => (
    <RequireImportExport>
      <ExportPage />
    </RequireImportExport>
  ),
});
