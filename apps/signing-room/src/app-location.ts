// Which page a location shows (pure: unit-tested in node). No router library: four paths.

export type AppPage =
  | { kind: "link"; token: string }
  | { kind: "room" }
  | { kind: "collaboration"; token: string | null }
  | { kind: "verify" }
  | { kind: "notFound" };

export const ROOM_PATH = "/room";
export const VERIFY_PATH = "/verify";

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

export function pageOf(pathname: string, search: string): AppPage {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const link = /^\/s\/([^/]+)$/.exec(path);
  if (link?.[1]) {
    const token = decode(link[1]);
    return token ? { kind: "link", token } : { kind: "notFound" };
  }
  if (path === ROOM_PATH) return { kind: "room" };
  if (path === VERIFY_PATH) return { kind: "verify" };
  if (path === "/collaboration") {
    const token = new URLSearchParams(search).get("token");
    return { kind: "collaboration", token: token?.trim() ? token.trim() : null };
  }
  return { kind: "notFound" };
}
