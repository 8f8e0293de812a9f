import { Alert, Badge, Select, Tabs } from "@mantine/core";
import { SETTINGS_PAGE_MESSAGES } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { type ReactNode, useCallback, useMemo, useState } from "react";
import { useSessionUser } from "../../app/services-context.tsx";
import { Page } from "../../components/Page.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { useHasPermission, usePermissionsQuery } from "../../session/permissions.ts";
import { accessQueries } from "../access/access-queries.ts";
import { ClosingCentersSettingsPage } from "../closing-centers/ClosingCentersSettingsPage.tsx";
import { EVaultSettingsPage } from "../edeposit/EVaultSettingsPage.tsx";
import { PrintSettingsPage } from "../print-settings/PrintSettingsPage.tsx";
import { RefusalPage } from "../system/RefusalPage.tsx";
import { WatermarksSettingsPage } from "../watermarks/WatermarksSettingsPage.tsx";
import { CustomFieldsSettings } from "./CustomFieldsSettings.tsx";
import { EmailSettingsForm } from "./email-templates/EmailSettingsForm.tsx";
import { NotificationsSettings } from "./notifications/NotificationsSettings.tsx";
import { BrandingSettingsPage } from "./pages/BrandingSettingsPage.tsx";
import { EmbeddedSigningSettingsPage } from "./pages/EmbeddedSigningSettingsPage.tsx";
import { EsignConsentSettingsPage } from "./pages/EsignConsentSettingsPage.tsx";
import { IdVerificationSettingsPage } from "./pages/IdVerificationSettingsPage.tsx";
import { OrganizationSettingsPage } from "./pages/OrganizationSettingsPage.tsx";
import { PackageCollaborationSettingsPage } from "./pages/PackageCollaborationSettingsPage.tsx";
import { PackageExpirationSettingsPage } from "./pages/PackageExpirationSettingsPage.tsx";
import { SessionSettingsPage } from "./pages/SessionSettingsPage.tsx";
import { SignerUploadSettingsPage } from "./pages/SignerUploadSettingsPage.tsx";
import { type SettingsPageContext, SettingsPageContextValue } from "./pages/settings-page-context.ts";
import { TridSettingsPage } from "./pages/TridSettingsPage.tsx";
import { SealCertificateSection } from "./SealCertificateSection.tsx";
import { SecuritySettingsForm } from "./SecuritySettingsForm.tsx";
import {
  DEFAULT_SETTINGS_PAGE,
  SETTINGS_LINKS,
  SETTINGS_PAGE_IDS,
  SETTINGS_PAGE_LABELS,
  type SettingsPageId,
} from "./settings-pages.ts";

const PAGES: Record<SettingsPageId, (organizationId: string) => ReactNode> = {
  organization: (id) => <OrganizationSettingsPage organizationId={id} />,
  branding: (id) => <BrandingSettingsPage organizationId={id} />,
  "package-collaboration": (id) => <PackageCollaborationSettingsPage organizationId={id} />,
  "esign-consent": (id) => <EsignConsentSettingsPage organizationId={id} />,
  "id-verification": (id) => <IdVerificationSettingsPage organizationId={id} />,
  session: (id) => <SessionSettingsPage organizationId={id} />,
  "package-expiration": (id) => <PackageExpirationSettingsPage organizationId={id} />,
  "signer-uploads": (id) => <SignerUploadSettingsPage organizationId={id} />,
  trid: (id) => <TridSettingsPage organizationId={id} />,
  "custom-fields": (id) => <CustomFieldsSettings organizationId={id} />,
  "embedded-signing": (id) => <EmbeddedSigningSettingsPage organizationId={id} />,
  "seal-certificate": (id) => <SealCertificateSection organizationId={id} />,
  "electronic-vault": (id) => <EVaultSettingsPage organizationId={id} />,
  "closing-centers": (id) => <ClosingCentersSettingsPage organizationId={id} />,
  "print-fulfillment": (id) => <PrintSettingsPage organizationId={id} />,
  watermarks: (id) => <WatermarksSettingsPage organizationId={id} />,
  email: (id) => <EmailSettingsForm organizationId={id} />,
  notifications: (id) => <NotificationsSettings organizationId={id} />,
  security: (id) => <SecuritySettingsForm organizationId={id} />,
};

/**
 * Spec §2 settings pages (issue 13 §2): a navigation list (tabs down the side on wide screens, a
 * select on phones) and the selected page, kept in the address (?page=). ORGANIZATION is first and
 * is where a failure to load settings goes back to (spec §4). Reading needs VIEW_ADMIN_SETTINGS;
 * without MANAGE_ADMIN_SETTINGS every page is read-only.
 */
export function SettingsPage({ page, org }: { page: SettingsPageId | undefined; org?: string | undefined }) {
  const user = useSessionUser();
  // a support user may open another organization's settings (?org=); everyone else sees their own
  const other = user?.supportUser && org && org !== user.organizationId ? org : undefined;
  const organizationId = other ?? user?.organizationId ?? "";
  const otherOrganization = useQuery({ ...accessQueries.organization(other ?? ""), enabled: Boolean(other) });
  const title = other ? (otherOrganization.data?.name ?? "") : (user?.organizationName ?? undefined);
  const navigate = useNavigate();
  const permissions = usePermissionsQuery();
  const canView = useHasPermission("VIEW_ADMIN_SETTINGS");
  const canManage = useHasPermission("MANAGE_ADMIN_SETTINGS");
  const selected = page ?? DEFAULT_SETTINGS_PAGE;
  // a page whose settings did not load (spec §4: back to ORGANIZATION with the reason), not a write
  const [loadFailure, setLoadFailure] = useState<string | null>(null);

  const select = useCallback(
    (value: string | null) => {
      if (!value) return;
      const link = SETTINGS_LINKS.find((candidate) => candidate.id === value);
      if (link) {
        void navigate({ to: link.to });
        return;
      }
      setLoadFailure(null);
      void navigate({
        to: "/settings",
        search: value === DEFAULT_SETTINGS_PAGE ? {} : { page: value as SettingsPageId },
      });
    },
    [navigate],
  );

  const context = useMemo<SettingsPageContext>(
    () => ({
      loadFailed: (message) => {
        setLoadFailure(`${SETTINGS_PAGE_MESSAGES.loadFailed} (${message})`);
        if (selected !== DEFAULT_SETTINGS_PAGE)
          void navigate({ to: "/settings", search: { org: other }, replace: true });
      },
    }),
    [navigate, selected, other],
  );

  if (permissions.isPending) return <Spinner />;
  if (!canView && !canManage) {
    return <RefusalPage area="Settings" reason={{ permission: "VIEW_ADMIN_SETTINGS" }} />;
  }

  // pages of a feature the organization has off are not offered (spec §6 flags)
  const closingCenterOn = other
    ? otherOrganization.data?.enabledClosingCenter === true
    : permissions.data?.organization.enabledClosingCenter === true;
  const pageIds = SETTINGS_PAGE_IDS.filter((id) => id !== "closing-centers" || closingCenterOn);
  const options = [
    ...pageIds.map((id) => ({ value: id, label: SETTINGS_PAGE_LABELS[id] })),
    ...SETTINGS_LINKS.map((link) => ({ value: link.id, label: link.label })),
  ];

  return (
    <Page title="Settings" description={title}>
      {other && (
        <Badge color="dark" variant="light" mb="md">
          Support access
        </Badge>
      )}
      {loadFailure && (
        <Alert color="red" title="Settings not loaded" mb="md" withCloseButton onClose={() => setLoadFailure(null)}>
          {loadFailure}
        </Alert>
      )}
      {!canManage && (
        <Alert color="gray" mb="md">
          You can view these settings; changing them needs the Manage admin settings permission.
        </Alert>
      )}
      <Select
        hiddenFrom="sm"
        label="Settings page"
        data={options}
        value={selected}
        allowDeselect={false}
        onChange={select}
        mb="md"
      />
      <Tabs value={selected} onChange={select} orientation="vertical" keepMounted={false} variant="pills">
        <Tabs.List visibleFrom="sm" aria-label="Settings pages" miw={200} mr="lg">
          {pageIds.map((id) => (
            <Tabs.Tab key={id} value={id}>
              {SETTINGS_PAGE_LABELS[id]}
            </Tabs.Tab>
          ))}
          {SETTINGS_LINKS.map((link) => (
            <Tabs.Tab key={link.id} value={link.id}>
              {link.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <SettingsPageContextValue.Provider value={context}>
          {SETTINGS_PAGE_IDS.map((id) => (
            <Tabs.Panel key={id} value={id} style={{ flex: 1, minWidth: 0 }}>
              {organizationId && PAGES[id](organizationId)}
            </Tabs.Panel>
          ))}
        </SettingsPageContextValue.Provider>
      </Tabs>
    </Page>
  );
}
