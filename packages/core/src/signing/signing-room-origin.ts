import type { Config } from "../config/config.ts";
import { signingRoomOrigin } from "../package-actions/collaboration-link.ts";

/** The URL a participant opens: the signing origin's link page with the token. */
export function signingLinkUrl(
  config: Pick<Config, "SIGNING_ROOM_URL" | "SIGNING_ROOM_PORT" | "publicUrl">,
  token: string,
) {
  return `${signingRoomOrigin(config)}/s/${encodeURIComponent(token)}`;
}
