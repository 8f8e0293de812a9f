import { builderFirstPageScenario } from "./builder-first-page.ts";
import { bulkSendScenario } from "./bulk-send.ts";
import { createPackageScenario } from "./create-package.ts";
import { eDepositScenario } from "./edeposit.ts";
import { growthScenario, roomGrowthScenario } from "./growth.ts";
import { importDryRunScenario } from "./import-dry-run.ts";
import { outboxScenario } from "./outbox.ts";
import { permissionsScenario } from "./permissions.ts";
import { reportCsvScenario } from "./report-csv.ts";
import type { Scenario } from "./scenario.ts";
import { sealingScenario } from "./sealing.ts";
import { sealing117Scenario } from "./sealing-117.ts";
import { signInScenario } from "./sign-in.ts";
import { signingRoomScenario } from "./signing-room.ts";
import { soakScenario } from "./soak.ts";
import { startScenario } from "./start.ts";
import { upload50MbScenario } from "./upload-50mb.ts";
import { webBundlesScenario } from "./web-bundles.ts";
import { webhookDeliveryScenario } from "./webhook-delivery.ts";
import { workspaceScenario } from "./workspace.ts";

/** Every scenario `pnpm bench` knows; `--scenario <name>` picks some (an opt-in one runs only when picked). */
export const allScenarios: Scenario[] = [
  permissionsScenario,
  workspaceScenario,
  growthScenario,
  roomGrowthScenario,
  signingRoomScenario,
  sealingScenario,
  sealing117Scenario,
  createPackageScenario,
  signInScenario,
  upload50MbScenario,
  outboxScenario,
  webhookDeliveryScenario,
  eDepositScenario,
  webBundlesScenario,
  builderFirstPageScenario,
  importDryRunScenario,
  bulkSendScenario,
  reportCsvScenario,
  startScenario,
  soakScenario,
];
