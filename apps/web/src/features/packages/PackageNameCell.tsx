import { Text, Tooltip } from "@mantine/core";
import { truncateTitle } from "../../components/dialog-model.ts";
import { AnchorLink } from "../../components/links.tsx";

/** A package in a table: its name as a link to its page (long names shortened, in full on hover) and its short id. */
export function PackageNameCell({ id, name, shortId }: { id: string; name: string; shortId: string }) {
  const { text, truncated } = truncateTitle(name);
  const link = (
    <AnchorLink to="/packages/$packageId" params={{ packageId: id }} fw={600} size="sm">
      {text}
    </AnchorLink>
  );
  return (
    <div>
      {truncated ? <Tooltip label={name}>{link}</Tooltip> : link}
      <Text size="xs" c="dimmed">
        {shortId}
      </Text>
    </div>
  );
}
