import { createFileRoute } from "@tanstack/react-router";
import { passwordResetLinkSearch } from "../app/search.ts";
import { CreatePasswordPage } from "../features/auth/CreatePasswordPage.tsx";

export const Route = createFileRoute("/create-password")({
  validateSearch: passwordResetLinkSearch,
  component: CreatePasswordPage,
});
