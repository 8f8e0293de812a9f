import { Button, CopyButton, Group, TextInput, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";

/** A read-only text (a link to hand over) with a Copy button; the field selects itself on focus. */
export function CopyField({
  label,
  value,
  description,
  copyLabel = "Copy",
  namedCopy = false,
}: {
  label: string;
  value: string;
  description?: ReactNode;
  copyLabel?: string;
  /** several fields in one place: the button is named after its field ("Copy Client ID") */
  namedCopy?: boolean;
}) {
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        description={description}
        value={value}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: 1 }}
        styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 12 } }}
      />
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <Tooltip label="Copied" opened={copied} withinPortal>
            <Button
              variant={copied ? "light" : "default"}
              color={copied ? "teal" : undefined}
              onClick={copy}
              aria-label={namedCopy ? (copied ? `${label} copied` : `${copyLabel} ${label}`) : undefined}
            >
              {copied ? "Copied" : copyLabel}
            </Button>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
