import { Button, CopyButton, Group, List, Paper, Stack, Text } from "@mantine/core";
import { IconCopy, IconDownload } from "@tabler/icons-react";

/** The recovery codes, shown once: each works once when the phone or the app is out of reach. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const text = `Signet recovery codes (each works once)\n\n${codes.join("\n")}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "signet-recovery-codes.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="sm">
      <Paper withBorder p="md" bg="var(--mantine-color-gray-0)">
        <List
          aria-label="Recovery codes"
          listStyleType="none"
          spacing={4}
          styles={{ item: { fontFamily: "var(--mantine-font-family-monospace)", fontSize: 15 } }}
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="sm">
        <CopyButton value={text} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? "light" : "default"}
              color={copied ? "teal" : undefined}
              leftSection={<IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? "Copied" : "Copy codes"}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={download}>
          Download
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Keep them somewhere safe, like a password manager. Each code works once.
      </Text>
    </Stack>
  );
}
