import { EmptyState, Paper } from "@mantine/core";
import { IconTool } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { Page } from "./Page.tsx";

/** The state a page shows until the issue that fills it lands: routing, guards and redirects are real. */
export function ComingSoonPanel({ what }: { what: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <EmptyState
        icon={<IconTool size={26} />}
        variant="light"
        title="Coming soon"
        description={`${what} will be available in an upcoming release.`}
      />
    </Paper>
  );
}

export function ComingSoon({ title, description, what }: { title: string; description?: ReactNode; what?: string }) {
  return (
    <Page title={title} description={description}>
      <ComingSoonPanel what={what ?? title} />
    </Page>
  );
}
