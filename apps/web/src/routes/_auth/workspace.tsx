import { createFileRoute } from "@tanstack/react-router";
import { useCallback } from "react";
import { WorkspacePage } from "../../features/packages/workspace/WorkspacePage.tsx";
import {
  compact,
  type WorkspaceSearch,
  workspaceSearchSchema,
} from "../../features/packages/workspace/workspace-search.ts";

function WorkspaceRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearch = useCallback(
    (next: WorkspaceSearch, replace = false) => void navigate({ search: compact(next), replace }),
    [navigate],
  );
  return <WorkspacePage search={search} onSearch={onSearch} />;
}

export const Route = createFileRoute("/_auth/workspace")({
  validateSearch: workspaceSearchSchema,
  component: WorkspaceRoute,
});
