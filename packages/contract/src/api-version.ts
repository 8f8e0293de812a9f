// Spec §7: every call goes to /api/v{n}; some resources default to a later version. The deepest
// versioned resource in the path decides (…/documents/{id}/tags is a tags call, v6).
const RESOURCE_VERSIONS: Record<string, number> = {
  packages: 9,
  participants: 5,
  documents: 4,
  tags: 6,
  // decision: rules belong to tags, document-participants to documents (the spec names no version)
  "conditional-rules": 6,
  "document-participants": 4,
};
export const DEFAULT_API_VERSION = 1;

export function defaultApiVersion(path: string): number {
  const segments = path.split("?")[0]!.split("/").filter(Boolean);
  for (let i = segments.length - 1; i >= 0; i--) {
    const version = RESOURCE_VERSIONS[segments[i]!];
    if (version !== undefined) return version;
  }
  return DEFAULT_API_VERSION;
}

/** Parses an X-EO-API-VERSION header value ('v1', 'V9' or '9'); null when absent or malformed. */
export function parseApiVersionHeader(value: string | undefined | null): number | null {
  if (!value) return null;
  const match = /^v?(\d{1,3})$/i.exec(value.trim());
  return match ? Number(match[1]) : null;
}
