import type { CoreDeps } from "../core-deps.ts";
import type { Mailer } from "../mail/mailer.ts";

/** What job handlers may use; built once per worker process (the embedded API builds one too). */
export interface JobContext extends CoreDeps {
  mailer: Mailer;
}
