import { buildResources, type Resources } from "./resources.ts";
import { createSignetClient, type SignetClient, type SignetClientOptions } from "./signet-client.ts";
import { verifyWebhook } from "./webhooks.ts";

export interface SignetOptions extends SignetClientOptions {
  /** The organization of every call that does not name one in `params` */
  orgId?: string;
}

/**
 * The SDK: every route an API client may call as `signet.<resource>.<method>(…)`, the raw
 * `call`/`upload`/`download` of a contract route, and `signet.webhooks.verify`.
 */
export type Signet = Omit<Resources, "webhooks"> &
  SignetClient & {
    webhooks: Resources["webhooks"] & { verify: typeof verifyWebhook };
  };

export function createSignet(options: SignetOptions): Signet {
  const client = createSignetClient(options);
  const resources = buildResources(client, options.orgId);
  return {
    ...resources,
    call: client.call,
    upload: client.upload,
    download: client.download,
    webhooks: { ...resources.webhooks, verify: verifyWebhook },
  };
}
