import { Tabs } from "@mantine/core";
import { useNavigate } from "@tanstack/react-router";
import { useSessionUser } from "../../app/services-context.tsx";
import { Page } from "../../components/Page.tsx";
import { CustomFieldsSettings } from "./CustomFieldsSettings.tsx";
import { EmailSettingsForm } from "./email-templates/EmailSettingsForm.tsx";
import { PackageSettingsForm } from "./PackageSettingsForm.tsx";
import { SealCertificateSection } from "./SealCertificateSection.tsx";
import { SecuritySettingsForm } from "./SecuritySettingsForm.tsx";
import { SigningRoomSettingsForm } from "./SigningRoomSettingsForm.tsx";

/**
 * Spec §2 settings pages, as far as packages and signing need them: package settings, custom
 * fields, the signing room (consent, embedding, ID verification, email, branding) and the seal.
 */
export function SettingsPage() {
  const user = useSessionUser();
  const organizationId = user?.organizationId ?? "";
  const navigate = useNavigate();
  return (
    <Page title="Settings" description={user?.organizationName ?? undefined}>
      <Tabs
        defaultValue="packages"
        keepMounted={false}
        // Webhooks have pages of their own (list, form, delivery log), so their tab leads there
        onChange={(value) => {
          if (value === "webhooks") void navigate({ to: "/settings/webhooks" });
          if (value === "email-templates") void navigate({ to: "/settings/email-templates" });
          if (value === "identity-providers") void navigate({ to: "/settings/identity-providers" });
        }}
      >
        <Tabs.List>
          <Tabs.Tab value="packages">Packages</Tabs.Tab>
          <Tabs.Tab value="custom-fields">Custom fields</Tabs.Tab>
          <Tabs.Tab value="signing-room">Signing room</Tabs.Tab>
          <Tabs.Tab value="seal-certificate">Seal certificate</Tabs.Tab>
          <Tabs.Tab value="email">Email</Tabs.Tab>
          <Tabs.Tab value="email-templates">Email templates</Tabs.Tab>
          <Tabs.Tab value="webhooks">Webhooks</Tabs.Tab>
          <Tabs.Tab value="identity-providers">Identity providers</Tabs.Tab>
          <Tabs.Tab value="security">Security</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="packages" pt="lg">
          <PackageSettingsForm organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="custom-fields" pt="lg">
          <CustomFieldsSettings organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="signing-room" pt="lg">
          <SigningRoomSettingsForm organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="seal-certificate" pt="lg">
          <SealCertificateSection organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="security" pt="lg">
          <SecuritySettingsForm organizationId={organizationId} />
        </Tabs.Panel>
        <Tabs.Panel value="email" pt="lg">
          <EmailSettingsForm organizationId={organizationId} />
        </Tabs.Panel>
      </Tabs>
    </Page>
  );
}
