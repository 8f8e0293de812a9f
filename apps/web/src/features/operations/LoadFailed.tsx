import { Alert } from "@mantine/core";
import { errorMessage } from "../../api/api-error.ts";

/** A part of the page that could not be loaded, in its place. */
export function LoadFailed({ error, what }: { error: unknown; what: string }) {
  return (
    <Alert color="red" title={`The ${what} could not be loaded.`} role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
