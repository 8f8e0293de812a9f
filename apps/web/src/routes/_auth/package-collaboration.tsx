import { createFileRoute } from "@tanstack/react-router";
import { PackageCollaborationDemoPage } from "../../features/demos/PackageCollaborationDemoPage.tsx";

export const Route = createFileRoute("/_auth/package-collaboration")({ component: PackageCollaborationDemoPage });
