// The reference trust services as a process. Prints one line `Trust services listening on <url>` to
// stdout once they accept requests.
import { runServiceProcess } from "@signet/reference-service";
import { startTrustServices } from "./start-trust-services.ts";

await runServiceProcess("Trust services", "TRUST_SERVICES", 8023, (settings) =>
  startTrustServices({
    port: settings.port,
    host: settings.host,
    dataDir: settings.text("DATA_DIR") ?? "./data/trust-services",
    ...(settings.text("PUBLIC_URL") ? { publicUrl: settings.text("PUBLIC_URL") } : {}),
    testControls: settings.flag("TEST_CONTROLS"),
    logger: settings.flag("LOG"),
  }),
);
