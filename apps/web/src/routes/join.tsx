import { createFileRoute } from "@tanstack/react-router";
import { joinSearch } from "../app/search.ts";
import { JoinPage } from "../features/auth/JoinPage.tsx";

/** A request to join: no guard; the emailed link carries ?invitation={id}&token={secret}. */
export const Route = createFileRoute("/join")({ validateSearch: joinSearch, component: JoinPage });
