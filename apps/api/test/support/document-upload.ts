import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Document, HEADERS } from "@signet/contract";
import type { HttpClient } from "./http-client.ts";

/** The real-world PDFs of fixtures/pdfs (in this repository), made by other tools. */
export const FIXTURE_PDFS = fileURLToPath(new URL("../../../../fixtures/pdfs/", import.meta.url));
export const fixturePdf = (name: string) => readFileSync(join(FIXTURE_PDFS, name));

export interface UploadOptions {
  fileName?: string;
  contentType?: string;
  properties?: unknown;
  /** send documentProperties after the file part */
  propertiesLast?: boolean;
}

/** A multipart upload as the web app sends it (cookies plus the anti-forgery header). */
export async function upload(client: HttpClient, path: string, bytes: Uint8Array, options: UploadOptions = {}) {
  const form = new FormData();
  const properties =
    options.properties === undefined
      ? null
      : typeof options.properties === "string"
        ? options.properties
        : JSON.stringify(options.properties);
  if (properties !== null && !options.propertiesLast) form.append("documentProperties", properties);
  form.append(
    "contents",
    new Blob([new Uint8Array(bytes)], { type: options.contentType ?? "application/pdf" }),
    options.fileName ?? "file.pdf",
  );
  if (properties !== null && options.propertiesLast) form.append("documentProperties", properties);
  const headers: Record<string, string> = {
    cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; "),
  };
  const csrf = client.jar.get(client.csrfCookie);
  if (csrf) headers[HEADERS.csrf] = csrf;
  const response = await fetch(`${client.baseUrl}${path}`, { method: "POST", headers, body: form });
  const text = await response.text();
  const body = text && response.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text;
  return { status: response.status, headers: response.headers, body: body as Document & { message: string } };
}
