// The reference print vendor as a process (README.md "Running it"). Prints one line
// `Print vendor listening on <url>` to stdout once it accepts requests.
import { runServiceProcess } from "@signet/reference-service";
import { startReferencePrintVendor } from "./start-reference-print-vendor.ts";

await runServiceProcess("Print vendor", "PRINT_VENDOR", 8021, (settings) => {
  const stepSeconds = settings.positive("STEP_SECONDS");
  const retrySeconds = settings.positive("CALLBACK_RETRY_SECONDS");
  return startReferencePrintVendor({
    port: settings.port,
    host: settings.host,
    dataDir: settings.text("DATA_DIR") ?? "./data/print-vendor",
    clients: settings.clients(),
    testControls: settings.flag("TEST_CONTROLS"),
    ...(stepSeconds ? { stepMs: stepSeconds * 1000 } : {}),
    ...(retrySeconds ? { callbackRetryMs: retrySeconds * 1000 } : {}),
    logger: settings.flag("LOG"),
  });
});
