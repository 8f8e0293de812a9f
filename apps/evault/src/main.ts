// The reference eVault as a process (README.md "Running it"). Prints one line
// `eVault listening on <url>` to stdout once it accepts requests.
import { runServiceProcess } from "@signet/reference-service";
import { startReferenceEVault } from "./start-reference-evault.ts";

await runServiceProcess("eVault", "EVAULT", 8020, (settings) =>
  startReferenceEVault({
    port: settings.port,
    host: settings.host,
    dataDir: settings.text("DATA_DIR") ?? "./data/evault",
    clients: settings.clients(),
    testControls: settings.flag("TEST_CONTROLS"),
    ...(settings.text("NAME") ? { vaultName: settings.text("NAME") } : {}),
    logger: settings.flag("LOG"),
  }),
);
