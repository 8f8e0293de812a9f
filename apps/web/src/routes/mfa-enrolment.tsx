import { createFileRoute } from "@tanstack/react-router";
import { guard } from "../app/guard.ts";
import { returnUrlSearch } from "../app/search.ts";
import { MfaEnrolmentPage } from "../features/mfa/MfaEnrolmentPage.tsx";

// Issue 12 §4: the organization requires a second factor and the person has none yet (header hidden).
export const Route = createFileRoute("/mfa-enrolment")({
  validateSearch: returnUrlSearch,
  beforeLoad: guard("mfa-enrolment"),
  component: MfaEnrolmentPage,
});
