import { Alert, Button, Center, Stack } from "@mantine/core";
import { MESSAGES } from "@signet/contract";

export function StartupError() {
  return (
    <Center mih="100vh" p="md">
      <Stack maw={480}>
        <Alert color="red" title={MESSAGES.somethingWrong} role="alert">
          {MESSAGES.network}
        </Alert>
        <Button onClick={() => window.location.reload()}>Try again</Button>
      </Stack>
    </Center>
  );
}
