import { createFileRoute } from "@tanstack/react-router";
import { guard } from "../app/guard.ts";
import { returnUrlSearch } from "../app/search.ts";
import { ChangePasswordPage } from "../features/auth/ChangePasswordPage.tsx";

export const Route = createFileRoute("/change-password")({
  validateSearch: returnUrlSearch,
  beforeLoad: guard("expired"),
  component: ChangePasswordPage,
});
