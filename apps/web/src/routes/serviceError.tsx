import { createFileRoute } from "@tanstack/react-router";
import { traceIdSearch } from "../app/search.ts";
import { ServiceErrorPage } from "../features/system/ErrorPages.tsx";

export const Route = createFileRoute("/serviceError")({ validateSearch: traceIdSearch, component: ServiceErrorPage });
