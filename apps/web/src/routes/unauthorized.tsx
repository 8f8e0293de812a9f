import { createFileRoute } from "@tanstack/react-router";
import { UnauthorizedPage } from "../features/system/ErrorPages.tsx";

export const Route = createFileRoute("/unauthorized")({ component: UnauthorizedPage });
