import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { CONFIGURATION_LIMITS } from "@signet/contract";
import { IconFileZip } from "@tabler/icons-react";
import { useRef, useState } from "react";

/** Drop the exported zip here, or choose it (the file input is the keyboard's way in). */
export function ArchiveDrop({ onFile, disabled }: { onFile: (file: File) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <Paper
      withBorder
      p="xl"
      data-testid="archive-drop"
      style={{ borderStyle: "dashed", borderWidth: 2, borderColor: over ? "var(--mantine-color-blue-6)" : undefined }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        event.preventDefault();
        setOver(false);
        const file = event.dataTransfer.files[0];
        if (file && !disabled) onFile(file);
      }}
    >
      <Stack align="center" gap="sm">
        <IconFileZip size={40} stroke={1.5} aria-hidden />
        <Text fw={600}>Drop the exported configuration (.zip) here</Text>
        <Text size="sm" c="dimmed">
          At most {CONFIGURATION_LIMITS.archiveBytes / 1024 / 1024} MB. Nothing changes until you review the dry run and
          import.
        </Text>
        <Group>
          <Button variant="default" disabled={disabled} onClick={() => input.current?.click()}>
            Choose archive
          </Button>
        </Group>
        <input
          ref={input}
          type="file"
          accept=".zip,application/zip"
          hidden
          aria-label="Configuration archive"
          disabled={disabled}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (file) onFile(file);
          }}
        />
      </Stack>
    </Paper>
  );
}
