import { z } from "zod";
import { PACKAGE_ACTIONS, PACKAGE_STATUSES } from "./package-status.ts";

// Apart from package-status.ts: the web app's first download takes that module's words, and
// importing zod classic there would bring all of classic zod with them (issue 17).
export const packageStatusSchema = z.enum(PACKAGE_STATUSES);
export const packageActionSchema = z.enum(PACKAGE_ACTIONS);
