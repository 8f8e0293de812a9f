import { createFileRoute } from "@tanstack/react-router";
import { OperationsPage } from "../../features/operations/OperationsPage.tsx";

export const Route = createFileRoute("/_support/operations")({ component: OperationsPage });
