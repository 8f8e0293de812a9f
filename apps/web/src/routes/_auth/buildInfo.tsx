import { createFileRoute } from "@tanstack/react-router";
import { BuildInfoPage } from "../../features/system/BuildInfoPage.tsx";

export const Route = createFileRoute("/_auth/buildInfo")({ component: BuildInfoPage });
