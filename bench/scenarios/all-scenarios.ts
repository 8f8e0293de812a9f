import { bulkSendScenario } from "./bulk-send.ts";
import { createPackageScenario } from "./create-package.ts";
import { growthScenario, roomGrowthScenario } from "./growth.ts";
import { importDryRunScenario } from "./import-dry-run.ts";
import { outboxScenario } from "./outbox.ts";
import { permissionsScenario } from "./permissions.ts";
import type { Scenario } from "./scenario.ts";
import { sealingScenario } from "./sealing.ts";
import { signInScenario } from "./sign-in.ts";
import { signingRoomScenario } from "./signing-room.ts";
import { soakScenario } from "./soak.ts";
import { upload50MbScenario } from "./upload-50mb.ts";
import { webBundlesScenario } from "./web-bundles.ts";
import { workspaceScenario } from "./workspace.ts";

/** Every scenario `pnpm bench` knows; `--scenario <name>` picks some (an opt-in one runs only when picked). */
export const allScenarios: Scenario[] = [
  permissionsScenario,
  workspaceScenario,
  growthScenario,
  roomGrowthScenario,
  signingRoomScenario,
  sealingScenario,
  createPackageScenario,
  signInScenario,
  upload50MbScenario,
  outboxScenario,
  webBundlesScenario,
  importDryRunScenario,
  bulkSendScenario,
  soakScenario,
];
