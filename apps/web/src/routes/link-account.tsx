import { createFileRoute } from "@tanstack/react-router";
import { linkAccountSearch } from "../app/search.ts";
import { LinkAccountPage } from "../features/auth/LinkAccountPage.tsx";

/** Linking an account to an identity provider: no guard; the emailed link carries ?request={id}&token={secret}. */
export const Route = createFileRoute("/link-account")({
  validateSearch: linkAccountSearch,
  component: LinkAccountPage,
});
