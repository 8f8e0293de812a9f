import type { RouteDef } from "./route-def.ts";

// What every client of the API does the same way, the web app (apps/web/src/api) and the SDK
// (packages/client) alike: encode a request body as its route declares, and read an error answer.
// Plain code, no zod: the web app's first bundle loads this.

export interface EncodedBody {
  body: string;
  contentType: string;
}

/** A route's body as sent: form-encoded for `bodyType: "form"` routes (absent values left out), else JSON. */
export function encodeRequestBody(route: Pick<RouteDef, "bodyType">, body: unknown): EncodedBody | null {
  if (body === undefined) return null;
  if (route.bodyType === "form") {
    const entries = Object.entries(body as Record<string, unknown>)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]): [string, string] => [key, String(value)]);
    return { body: new URLSearchParams(entries).toString(), contentType: "application/x-www-form-urlencoded" };
  }
  return { body: JSON.stringify(body), contentType: "application/json" };
}

export interface ErrorBodyFields {
  /** `code`, or an OAuth error's `error` (RFC 6749 §5.2: the token endpoint's client-credentials answers) */
  code: string | null;
  /** `message`, or an OAuth error's `error_description` */
  message: string | null;
  status: number | null;
  traceId: string | null;
  /** the field errors; undefined when the body has none */
  details: { path: string; message: string }[] | undefined;
  /** the body is exactly the contract's error shape (errorBodySchema): code, message, status, traceId, valid details */
  complete: boolean;
}

const isDetail = (value: unknown): value is { path: string; message: string } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { path?: unknown }).path === "string" &&
  typeof (value as { message?: unknown }).message === "string";

/** Reads what an error answer's body says, whatever of it is there. */
export function errorBodyFields(body: unknown): ErrorBodyFields {
  const record =
    typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const rawDetails = record.details;
  const detailsValid = rawDetails === undefined || (Array.isArray(rawDetails) && rawDetails.every(isDetail));
  const status = typeof record.status === "number" && Number.isInteger(record.status) ? record.status : null;
  const fields = {
    code: text(record.code) ?? text(record.error),
    message: text(record.message) ?? text(record.error_description),
    status,
    traceId: text(record.traceId),
    details: Array.isArray(rawDetails) ? rawDetails.filter(isDetail) : undefined,
  };
  const complete =
    text(record.code) !== null &&
    text(record.message) !== null &&
    status !== null &&
    fields.traceId !== null &&
    detailsValid;
  return { ...fields, complete };
}
