// The reference identity-proofing provider as a process (README.md "Running it"). Prints one line
// `Identity proofing listening on <url>` to stdout once it accepts requests.
import { runServiceProcess } from "@signet/reference-service";
import { startReferenceIdProofing } from "./start-reference-idproofing.ts";

await runServiceProcess("Identity proofing", "IDPROOF", 8022, (settings) =>
  startReferenceIdProofing({
    port: settings.port,
    host: settings.host,
    clients: settings.clients(),
    testControls: settings.flag("TEST_CONTROLS"),
    logger: settings.flag("LOG"),
  }),
);
