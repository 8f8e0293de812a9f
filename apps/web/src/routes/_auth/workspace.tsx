import { createFileRoute } from "@tanstack/react-router";
import { WorkspacePage } from "../../features/packages/workspace/WorkspacePage.tsx";

export const Route = createFileRoute("/_auth/workspace")({ component: WorkspacePage });
