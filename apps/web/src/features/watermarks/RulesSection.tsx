import { Alert, Skeleton } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../api/api-error.ts";
import { RulesEditor } from "./RulesEditor.tsx";
import { rowsOf } from "./watermark-form.ts";
import { watermarkQueries } from "./watermark-queries.ts";

/** The organization's watermark rules, loaded with the templates they can name. */
export function RulesSection({
  organizationId,
  canManage,
  onDirty,
}: {
  organizationId: string;
  canManage: boolean;
  onDirty: (dirty: boolean) => void;
}) {
  const rules = useQuery(watermarkQueries.rules(organizationId));
  const templates = useQuery(watermarkQueries.templates(organizationId));
  if (rules.isPending || templates.isPending) return <Skeleton height={120} />;
  if (rules.isError) return <Alert color="red">{errorMessage(rules.error)}</Alert>;
  if (templates.isError) return <Alert color="red">{errorMessage(templates.error)}</Alert>;
  return (
    <RulesEditor
      key={rules.data.version}
      organizationId={organizationId}
      version={rules.data.version}
      initial={rowsOf(rules.data.rules)}
      templates={templates.data.records}
      canManage={canManage}
      onDirty={onDirty}
    />
  );
}
