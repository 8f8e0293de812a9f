import { Box } from "@mantine/core";
import { addressWindowLines, type PostalAddress } from "@signet/contract";

/** The lines as they sit behind an envelope window: monospace, upper case, 40 characters wide. */
export function EnvelopeWindow({ address, lines }: { address?: PostalAddress; lines?: string[] }) {
  const shown = lines ?? (address ? addressWindowLines(address) : []);
  return (
    <Box
      component="pre"
      aria-label="Envelope window preview"
      m={0}
      p="xs"
      bg="white"
      ff="monospace"
      fz="xs"
      style={{
        border: "1px solid var(--mantine-color-gray-5)",
        borderRadius: 6,
        maxWidth: "42ch",
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
      }}
    >
      {shown.length > 0 ? shown.map((line) => line.toUpperCase()).join("\n") : " "}
    </Box>
  );
}
