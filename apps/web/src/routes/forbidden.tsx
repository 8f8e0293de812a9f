import { createFileRoute } from "@tanstack/react-router";
import { forbiddenSearch } from "../app/search.ts";
import { ForbiddenPage } from "../features/system/ErrorPages.tsx";

export const Route = createFileRoute("/forbidden")({ validateSearch: forbiddenSearch, component: ForbiddenPage });
