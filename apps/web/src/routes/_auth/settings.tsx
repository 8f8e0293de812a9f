import { createFileRoute } from "@tanstack/react-router";
import { SettingsPage } from "../../features/settings/SettingsPage.tsx";
import { settingsSearchSchema } from "../../features/settings/settings-pages.ts";

export const Route = createFileRoute("/_auth/settings")({
  validateSearch: settingsSearchSchema,
  component: SettingsRoute,
});

function SettingsRoute() {
  const { page, org } = Route.useSearch();
  return <SettingsPage page={page} org={org} />;
}
