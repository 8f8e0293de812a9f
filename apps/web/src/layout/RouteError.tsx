import { Alert, Button, Group, Stack } from "@mantine/core";
import { MESSAGES } from "@signet/contract";
import { type ErrorComponentProps, useRouter } from "@tanstack/react-router";
import { ButtonLink } from "../components/links.tsx";

/**
 * A page that failed to show, in its place with the header and menus kept (issue 33 §4): the
 * router's own default is a bare "Something went wrong!" with no way on.
 */
export function RouteError({ reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Stack maw={640} py="xl">
      <Alert color="red" title={MESSAGES.somethingWrong} role="alert">
        This page could not be shown. Try again, or go back to the workspace.
      </Alert>
      <Group>
        <Button
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          Try again
        </Button>
        <ButtonLink variant="default" to="/">
          Go to the workspace
        </ButtonLink>
      </Group>
    </Stack>
  );
}
