import { Outlet } from "@tanstack/react-router";
import { Page } from "../../components/Page.tsx";
import { SectionTabs } from "../../components/SectionTabs.tsx";
import { RequirePermission } from "../system/RefusalPage.tsx";

export function ImportExportLayout() {
  return (
    <Page title="Organization import/export" description="Move an organization's settings between environments.">
      <SectionTabs
        label="Import/export"
        tabs={[
          { label: "Export", to: "/import-export/export" },
          { label: "Import", to: "/import-export/import" },
        ]}
      />
      <Outlet />
    </Page>
  );
}

// Without the permission the whole section is one refusal: no tabs, and no report query that would fail twice.
export function ReportsLayout() {
  return (
    <RequirePermission area="Reports" permission="VIEW_AND_MANAGE_REPORTS">
      <Page title="Reports" description="Package and mailing activity of your organization.">
        <SectionTabs
          label="Reports"
          tabs={[
            { label: "Package", to: "/reports/package" },
            { label: "Mailing", to: "/reports/mailing" },
          ]}
        />
        <Outlet />
      </Page>
    </RequirePermission>
  );
}
