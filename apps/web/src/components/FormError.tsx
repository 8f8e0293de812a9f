import { Alert } from "@mantine/core";
import { AlertIcon } from "./icons.tsx";

/** A form-level error (the server's message), announced to screen readers. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
      {message}
    </Alert>
  );
}
