import type { en } from "./en.ts";

// Which text shows for an API error code (pure: unit-tested in node). The server's messages are
// English; the room shows its own, translated text for each code it knows.

export type ErrorTextKey = `errors.${keyof typeof en.errors}`;

const ALIASES: Record<string, keyof typeof en.errors> = {
  INTERNAL: "generic",
  VERSION_NOT_MATCHED: "CONFLICT",
  ALREADY_EXISTS: "CONFLICT",
  UNAUTHORIZED: "SIGNING_SESSION_ENDED",
  LINK_EXPIRED: "SIGNING_LINK_EXPIRED",
};

export function errorTextKey(code: string, known: Readonly<Record<string, string>>): ErrorTextKey {
  if (code !== "generic" && Object.hasOwn(known, code)) return `errors.${code}` as ErrorTextKey;
  const alias = Object.hasOwn(ALIASES, code) ? ALIASES[code] : undefined;
  return `errors.${alias ?? "generic"}`;
}
