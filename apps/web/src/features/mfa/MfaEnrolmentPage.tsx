import { Button, Stack, Text } from "@mantine/core";
import { type MfaEnrolled, mfaRoutes, safeReturnUrl, sessionRoutes } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { errorMessage } from "../../api/api-error.ts";
import { api } from "../../api/client.ts";
import { useServices } from "../../app/services-context.tsx";
import { FormError } from "../../components/FormError.tsx";
import { Spinner } from "../../components/Spinner.tsx";
import { AuthCard } from "../auth/AuthCard.tsx";
import { MfaFactorChoice } from "./MfaFactorChoice.tsx";
import { RecoveryCodesList } from "./RecoveryCodesList.tsx";

/**
 * Spec §2 / issue 12 §4: the organization requires a second factor and the person has none yet.
 * Before anything else (the header is hidden) they choose one, set it up, and save the recovery
 * codes; then they go where they were going.
 */
export function MfaEnrolmentPage() {
  const { returnUrl } = useSearch({ from: "/mfa-enrolment" });
  const services = useServices();
  const navigate = useNavigate();
  const status = useQuery({
    queryKey: ["mfa", "me"],
    queryFn: () => api(mfaRoutes.getMyMfa, { passThrough: true }),
  });
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const verified = (result: MfaEnrolled) => {
    // the server replaced the session with one that is enrolled
    services.session.refresh();
    if (result.recoveryCodes) setRecoveryCodes(result.recoveryCodes);
    else void navigate({ href: safeReturnUrl(returnUrl), replace: true });
  };
  const signOut = async () => {
    await api(sessionRoutes.logout, { passThrough: true }).catch(() => undefined);
    services.session.refresh();
    await navigate({ to: "/sign-in", replace: true });
  };

  if (recoveryCodes) {
    return (
      <AuthCard title="Save your recovery codes" width={520}>
        <Stack gap="md">
          <Text size="sm">If you lose your phone, a recovery code signs you in instead. They are shown only now.</Text>
          <RecoveryCodesList codes={recoveryCodes} />
          <Button onClick={() => void navigate({ href: safeReturnUrl(returnUrl), replace: true })}>
            I have saved my recovery codes
          </Button>
        </Stack>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Set up a second factor"
      subtitle="Your organization requires a second factor to sign in. It keeps your account safe even if your password is stolen."
      width={520}
    >
      {status.isError && <FormError message={errorMessage(status.error)} />}
      {status.isPending && <Spinner />}
      {status.data && <MfaFactorChoice status={status.data} onVerified={verified} />}
      <Button variant="subtle" color="gray" onClick={() => void signOut()}>
        Sign out
      </Button>
    </AuthCard>
  );
}
