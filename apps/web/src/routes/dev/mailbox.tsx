import { createFileRoute } from "@tanstack/react-router";
import { DevMailboxPage } from "../../features/system/DevMailboxPage.tsx";

export const Route = createFileRoute("/dev/mailbox")({ component: DevMailboxPage });
