import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import type { MfaEnrolled, MfaStatus } from "@signet/contract";
import { IconDeviceMobile, IconMessage } from "@tabler/icons-react";
import { useState } from "react";
import { AuthenticatorSetup } from "./AuthenticatorSetup.tsx";
import { PhoneSetup } from "./PhoneSetup.tsx";

/** Choose a second factor and set it up: an authenticator app, or text messages to a verified phone. */
export function MfaFactorChoice({
  status,
  onVerified,
  onCancel,
}: {
  status: MfaStatus;
  onVerified: (result: MfaEnrolled) => void;
  onCancel?: () => void;
}) {
  const [choice, setChoice] = useState<"app" | "sms" | null>(null);
  const cancel = () => {
    setChoice(null);
    onCancel?.();
  };
  if (choice === "app") return <AuthenticatorSetup onVerified={onVerified} onCancel={cancel} />;
  if (choice === "sms") {
    return <PhoneSetup initialPhone={status.phone?.phoneNumber} onVerified={onVerified} onCancel={cancel} />;
  }
  return (
    <Stack gap="sm">
      {!status.authenticator?.verified && (
        <Paper withBorder p="md">
          <Stack gap={6}>
            <Title order={3} fz="md">
              Authenticator app
            </Title>
            <Text size="sm" c="dimmed">
              A code from an app on your phone. Works without signal; recommended.
            </Text>
            <Button leftSection={<IconDeviceMobile size={16} />} onClick={() => setChoice("app")} w="fit-content">
              Set up an authenticator app
            </Button>
          </Stack>
        </Paper>
      )}
      {!status.phone?.verified && (
        <Paper withBorder p="md">
          <Stack gap={6}>
            <Title order={3} fz="md">
              Text message
            </Title>
            <Text size="sm" c="dimmed">
              A code texted to your mobile phone each time you sign in.
            </Text>
            <Button
              variant="default"
              leftSection={<IconMessage size={16} />}
              onClick={() => setChoice("sms")}
              w="fit-content"
            >
              Use text messages
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
