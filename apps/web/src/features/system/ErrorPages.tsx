import { Button } from "@mantine/core";
import { DEFAULTS, formatMessage, MESSAGES } from "@signet/contract";
import { useRouter, useSearch } from "@tanstack/react-router";
import { useConfig, useServices } from "../../app/services-context.tsx";
import { ButtonLink } from "../../components/links.tsx";
import { endSession } from "../../session/end-session.ts";
import { ErrorPanel } from "./ErrorPanel.tsx";
import { RefusalPage } from "./RefusalPage.tsx";

/** Spec §2: opened on HTTP 500 or 403, with the trace id of the failed call. */
export function SystemErrorPage() {
  const { traceId } = useSearch({ from: "/systemError" });
  return (
    <ErrorPanel
      title={MESSAGES.somethingWrong}
      message={MESSAGES.internal}
      traceId={traceId}
      actions={
        <>
          <Button onClick={() => window.history.back()} variant="default">
            Go back
          </Button>
          <ButtonLink to="/workspace">Go to workspace</ButtonLink>
        </>
      }
    />
  );
}

/** Spec §2: opened on HTTP 503. */
export function ServiceErrorPage() {
  const { traceId } = useSearch({ from: "/serviceError" });
  const config = useConfig();
  const phone = config.supportPhone || DEFAULTS.supportPhone;
  return (
    <ErrorPanel
      title={MESSAGES.serviceDownTitle}
      message={formatMessage(MESSAGES.serviceDown, { phone })}
      traceId={traceId}
      actions={<Button onClick={() => window.history.back()}>Try again</Button>}
    />
  );
}

/** Spec §2: a 401 answer lands here. Signing in again first clears what is left of the old session. */
export function UnauthorizedPage() {
  const services = useServices();
  const router = useRouter();
  const signInAgain = async () => {
    await endSession(services);
    await router.navigate({ to: "/sign-in", replace: true });
  };
  return (
    <ErrorPanel
      title="Unauthorized"
      message={MESSAGES.unauthorized}
      actions={<Button onClick={() => void signInAgain()}>Sign in</Button>}
    />
  );
}

/** A 403 answer, or a page only support staff may open: the refusal page, never "session ended". */
export function ForbiddenPage() {
  const search = useSearch({ from: "/forbidden" });
  return (
    <RefusalPage
      area="this page"
      reason={search.for === "support" ? { supportOnly: true } : { unknown: true }}
      traceId={search.traceId}
    />
  );
}
