import { createFileRoute } from "@tanstack/react-router";
import { traceIdSearch } from "../app/search.ts";
import { SystemErrorPage } from "../features/system/ErrorPages.tsx";

export const Route = createFileRoute("/systemError")({ validateSearch: traceIdSearch, component: SystemErrorPage });
