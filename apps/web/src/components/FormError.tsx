import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";

/** A form-level error (the server's message), announced to screen readers. */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
