import { Alert, Stack } from "@mantine/core";
import { IconCircleCheck, IconInfoCircle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { AnchorLink } from "../../components/links.tsx";
import { AuthCard } from "./AuthCard.tsx";

/** Where an emailed link (a request to join, a link to a provider) ends: what happened, then sign-in. */
export function EmailedLinkOutcome({ title, ok, children }: { title: string; ok: boolean; children: ReactNode }) {
  return (
    <AuthCard title={title}>
      <Stack gap="md">
        <Alert
          color={ok ? "green" : "red"}
          variant="light"
          icon={ok ? <IconCircleCheck size={18} /> : <IconInfoCircle size={18} />}
        >
          {children}
        </Alert>
        <AnchorLink to="/sign-in" size="sm">
          Go to sign-in
        </AnchorLink>
      </Stack>
    </AuthCard>
  );
}
