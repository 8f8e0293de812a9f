// Business constants of spec §9, shared by the API and the web.
export const HEADERS = {
  apiVersion: "x-eo-api-version",
  responseFormat: "x-eo-response-format",
  traceId: "x-trace-id",
  csrf: "x-xsrf-token",
} as const;

/** Value of the response-format header asking the token service for cookie-style answers. */
export const COOKIE_RESPONSE_FORMAT = "cookie";

/** The fixed OAuth client id of the web app's password grant. */
export const WEB_CLIENT_ID = "signet-web";

export const SESSION = {
  idleTimeoutMinutes: 15,
  countdownSeconds: 120,
  activityThrottleMs: 1000,
  tokenLifetimeSeconds: 86400,
} as const;

export const UI = {
  pageSize: 10,
  toastMs: 6000,
  headerHideDebounceMs: 100,
  titleTruncation: 40,
  concurrentUploads: 2,
  documentRetryDelayMs: 10_000,
  documentRetryTimeoutMs: 600_000,
} as const;

export const LIMITS = {
  maxUploadBytes: 50 * 1024 * 1024,
  minTagSize: 9,
  participantsPerType: 99,
} as const;

export const DEFAULTS = {
  printServiceProvider: "WK",
  emailSubject: "Your documents are ready",
  packageName: "New document package",
  supportPhone: "1-800-555-0100",
  signingRoomPort: 8017,
  supportRoleName: "ROLE_EO_SUPPORT_USER",
  adminRoleName: "Admin",
  supportGroupName: "eO Admin",
  orgAdminGroupName: "Org Admin",
} as const;

/** Bytes shown in MB with two decimals (spec §9: bytes / 1048576). */
export function formatMegabytes(bytes: number): string {
  return `${(bytes / 1048576).toFixed(2)} MB`;
}
