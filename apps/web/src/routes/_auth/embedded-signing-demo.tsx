import { createFileRoute } from "@tanstack/react-router";
import { EmbeddedSigningDemoPage } from "../../features/demos/EmbeddedSigningDemoPage.tsx";

export const Route = createFileRoute("/_auth/embedded-signing-demo")({ component: EmbeddedSigningDemoPage });
