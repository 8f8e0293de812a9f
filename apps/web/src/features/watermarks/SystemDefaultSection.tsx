import { Alert, Skeleton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../api/api-error.ts";
import { useSessionUser } from "../../app/services-context.tsx";
import { SystemDefaultEditor } from "./SystemDefaultEditor.tsx";
import { watermarkQueries } from "./watermark-queries.ts";

/** The system default: read-only for organizations, editable by support users after a confirmation. */
export function SystemDefaultSection({
  organizationId,
  onDirty,
}: {
  organizationId: string;
  onDirty: (dirty: boolean) => void;
}) {
  const user = useSessionUser();
  const systemDefault = useQuery(watermarkQueries.systemDefault());
  if (systemDefault.isPending) return <Skeleton height={120} />;
  if (systemDefault.isError) return <Alert color="red">{errorMessage(systemDefault.error)}</Alert>;
  return (
    <SystemDefaultEditor
      key={systemDefault.data.version}
      organizationId={organizationId}
      template={systemDefault.data}
      canChange={user?.supportUser === true}
      onDirty={onDirty}
    />
  );
}
