import { createFileRoute } from "@tanstack/react-router";
import { guard } from "../app/guard.ts";
import { returnUrlSearch } from "../app/search.ts";
import { SelectOrganizationPage } from "../features/auth/SelectOrganizationPage.tsx";

export const Route = createFileRoute("/select-organization")({
  validateSearch: returnUrlSearch,
  beforeLoad: guard("partial"),
  component: SelectOrganizationPage,
});
