import { createFileRoute } from "@tanstack/react-router";
import { ImportExportLayout } from "../../features/admin/SectionLayouts.tsx";

export const Route = createFileRoute("/_auth/import-export")({ component: ImportExportLayout });
