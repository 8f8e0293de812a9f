import type { RouteDef } from "../route-def.ts";
import { exampleOf, type HandWritten } from "./generate.ts";
import { IDENTITY_EXAMPLES } from "./identity.ts";
import { PACKAGE_EXAMPLES, PACKAGE_REQUEST_EXAMPLES } from "./packages.ts";
import { PEOPLE_EXAMPLES, PEOPLE_REQUEST_EXAMPLES } from "./people.ts";
import { SESSION_EXAMPLES } from "./session.ts";
import { WEBHOOK_EXAMPLES, WEBHOOK_REQUEST_EXAMPLES } from "./webhooks.ts";

export { EXAMPLE_DATE, EXAMPLE_DATE_TIME, uuidFor } from "./generate.ts";
export { errorExample } from "./session.ts";
export { webhookEventExample } from "./webhooks.ts";

const HAND_WRITTEN: HandWritten = new Map([
  ...IDENTITY_EXAMPLES,
  ...PACKAGE_EXAMPLES,
  ...PACKAGE_REQUEST_EXAMPLES,
  ...PEOPLE_EXAMPLES,
  ...PEOPLE_REQUEST_EXAMPLES,
  ...SESSION_EXAMPLES,
  ...WEBHOOK_EXAMPLES,
  ...WEBHOOK_REQUEST_EXAMPLES,
]);

/** What a client sends as the route's body (JSON or form), or undefined when it takes none. */
export function requestExample(route: Pick<RouteDef, "body">): unknown {
  return route.body ? exampleOf(route.body, "input", HAND_WRITTEN) : undefined;
}

/** The route's JSON success answer, or undefined when it answers no JSON. */
export function responseExample(route: Pick<RouteDef, "response">): unknown {
  return route.response ? exampleOf(route.response, "output", HAND_WRITTEN) : undefined;
}
