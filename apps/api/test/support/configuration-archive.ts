import { type ConfigurationManifest, fillPath, HEADERS, routes, routeUrl } from "@signet/contract";
import { configurationManifest, writeConfigurationArchive } from "@signet/core";
import type { HttpClient } from "./http-client.ts";
import { cookieHeader } from "./signing-room-helpers.ts";

/** An archive of the given sections' items, as Signet writes it; `manifest` may change what it declares. */
export async function configurationArchive(
  sections: Record<string, unknown[]>,
  manifest: (written: ConfigurationManifest) => ConfigurationManifest = (written) => written,
): Promise<Buffer> {
  const collected = { sections, files: new Map<string, Buffer>(), facts: {} };
  const written = configurationManifest(
    collected,
    { installation: "https://signet.example.com", organizationName: "Source bank" },
    new Date(),
  );
  const chunks: Buffer[] = [];
  for await (const chunk of writeConfigurationArchive(manifest(written), collected)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The dry run (no fingerprint) or the import of an archive, as the web app uploads it. */
export async function uploadConfiguration<T>(
  client: HttpClient,
  orgId: string,
  archive: Buffer,
  fingerprint?: string,
): Promise<{ status: number; body: T & { message?: string } }> {
  const route = fingerprint === undefined ? routes.dryRunConfigurationImport : routes.importConfiguration;
  const form = new FormData();
  form.append("archive", new Blob([new Uint8Array(archive)], { type: "application/zip" }), "config.zip");
  if (fingerprint !== undefined) form.append("fingerprint", fingerprint);
  const csrf = client.jar.get(client.csrfCookie);
  const response = await fetch(`${client.baseUrl}${fillPath(routeUrl(route), { orgId })}`, {
    method: "POST",
    headers: { cookie: cookieHeader(client), ...(csrf ? { [HEADERS.csrf]: csrf } : {}) },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as T & { message?: string } };
}
