import { Tabs } from "@mantine/core";
import { useSessionUser } from "../../app/services-context.tsx";
import { Page } from "../../components/Page.tsx";
import { CustomFieldsSettings } from "./CustomFieldsSettings.tsx";
import { PackageSettingsForm } from "./PackageSettingsForm.tsx";

/** Spec §2 settings pages, as far as packages need them: package settings and custom fields. */
export function SettingsPage() {
  const user = useSessionUser();
  const organizationId = user?.organizationId ?? "";
  return (
    <Page title="Settings" description={user?.organizationName ?? undefined}>
      <Tabs defaultValue="packages" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="packages">Packages</Tabs.Tab>
          <Tabs.Tab value="custom-fields">Custom fields</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="packages" pt="lg">
          <PackageSettingsForm organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="custom-fields" pt="lg">
          <CustomFieldsSettings organizationId={organizationId} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
