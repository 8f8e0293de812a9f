import { permissionsScenario } from "./permissions.ts";
import type { Scenario } from "./scenario.ts";

/** Every scenario `pnpm bench` knows; `--scenario <name>` picks some. */
export const allScenarios: Scenario[] = [permissionsScenario];
