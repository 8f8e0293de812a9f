import { type OutboundUrlMessages, outboundUrlProblem } from "@signet/contract";
import type { Config } from "../config/config.ts";
import { AppError } from "../errors/app-error.ts";
import { outboundPolicy } from "./outbound-fetch.ts";

/** Refuses, as a 400 on `path`, an address the server would call that the outbound policy does not allow. */
export function assertOutboundUrl(
  url: string,
  config: Pick<Config, "OUTBOUND_ALLOWED_HOSTS">,
  messages: OutboundUrlMessages,
  path = "url",
): void {
  const problem = outboundUrlProblem(url, outboundPolicy(config), messages);
  if (problem) throw new AppError("BAD_REQUEST", problem, [{ path, message: problem }]);
}
