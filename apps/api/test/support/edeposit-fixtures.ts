import type { EDeposit, EVault, SigningUrl } from "@signet/contract";
import type { Db } from "@signet/core";
import type { SpawnedReferenceEVault } from "../../../evault/src/testing/spawn-reference-evault.ts";
import type { PackageOrg } from "./package-fixtures.ts";
import { poll } from "./poll.ts";
import {
  openAndConsent,
  type SignablePackage,
  sendPackage,
  signablePackage,
  signEverything,
} from "./signing-fixtures.ts";
import type { TestApp } from "./test-app.ts";

// Fixtures of the eDeposit suites (issue 15 §3): an organization's eVault pointing at a spawned
// reference eVault, and packages signed through the real signing API with eDeposit enabled.

export const evaultPath = (organizationId: string, evaultId = "") =>
  `/api/v1/organizations/${organizationId}/evaults${evaultId ? `/${evaultId}` : ""}`;
export const depositPath = (s: SignablePackage, action = "") =>
  `${s.api.package}/edeposit${action ? `/${action}` : ""}`;

export async function addEVault(
  p: PackageOrg,
  vault: SpawnedReferenceEVault,
  name = "Reference vault",
): Promise<EVault> {
  const created = await p.admin.request<EVault>("POST", evaultPath(p.org.organizationId), {
    json: { name, url: vault.url, clientId: vault.clientId, clientSecret: vault.clientSecret },
  });
  if (created.status !== 201) throw new Error(`evault: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body;
}

/** A one-signer package (API access) with eDeposit enabled into `vaultId`, not sent yet. */
export async function depositPackage(app: TestApp, db: Db, org: PackageOrg, vaultId: string) {
  const s = await signablePackage(app, db, {
    org,
    signers: [{ givenName: "Ada", accessMethod: "API", email: `ada-${Date.now()}@deposit.example.com` }],
  });
  const { version } = await db.package.findUniqueOrThrow({ where: { id: s.pkg.id }, select: { version: true } });
  const configured = await s.admin.request<EDeposit>("PUT", depositPath(s, "config"), {
    json: {
      version,
      enabled: true,
      vaultId,
      financialAssetDocId: s.document.id,
      financialAssetDocType: "PROMISSORY_NOTE",
      supplementalDocType: "OTHER",
      transactionType: "PURCHASE",
    },
  });
  if (configured.status !== 200) throw new Error(`config: ${configured.status} ${JSON.stringify(configured.body)}`);
  return s;
}

/** Sends the package and has its one signer sign everything: it completes, seals and starts its deposit. */
export async function signToCompletion(s: SignablePackage, db: Db, signingUrl: string) {
  await sendPackage(s, db);
  const url = await s.admin.request<SigningUrl>("POST", s.api.signingUrl(s.signers[0]!.id), { json: {} });
  if (url.status !== 201) throw new Error(`signing url: ${url.status}`);
  const token = decodeURIComponent(new URL(url.body.signingURL).pathname.split("/").pop()!);
  const { client, room } = await openAndConsent(signingUrl, token);
  const finished = await signEverything(client, room);
  if (finished.body.stage !== "FINISHED") throw new Error(`finish: ${JSON.stringify(finished.body)}`);
}

/** Waits until the package's deposit reaches one of `statuses`; answers its view. */
export function depositReaches(s: SignablePackage, statuses: (string | null)[], timeoutMs = 30_000) {
  return poll(
    `the deposit to reach ${statuses.join(" or ")}`,
    async () => {
      const reply = await s.admin.get<EDeposit>(depositPath(s));
      return statuses.includes(reply.body.status) ? reply.body : null;
    },
    { timeoutMs },
  );
}

export interface VaultStats {
  transactions: number;
  completedTransactions: number;
  documents: number;
  completedByExternalId: Record<string, number>;
  documentUploadsByKey: Record<string, number>;
}

async function vaultToken(vault: SpawnedReferenceEVault): Promise<string> {
  const token = await fetch(`${vault.url}/oauth/token`, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${vault.clientId}:${vault.clientSecret}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "grant_type=client_credentials",
  }).then((response) => response.json() as Promise<{ access_token: string }>);
  return token.access_token;
}

/** What the vault itself says it holds (its counts prove "exactly once"). */
export async function vaultStats(vault: SpawnedReferenceEVault): Promise<VaultStats> {
  const response = await fetch(`${vault.url}/v1/stats`, {
    headers: { authorization: `Bearer ${await vaultToken(vault)}` },
  });
  return (await response.json()) as VaultStats;
}

/** The vault's own record of one transaction. */
export async function vaultTransaction(vault: SpawnedReferenceEVault, transactionId: string) {
  const response = await fetch(`${vault.url}/v1/transactions/${transactionId}`, {
    headers: { authorization: `Bearer ${await vaultToken(vault)}` },
  });
  return (await response.json()) as {
    status: string;
    documents: { documentKey: string; role: string; sha256: string }[];
    enotes: { min: string; documentKey: string; controllerId: string | null; controllerName: string | null }[];
  };
}

/** Queues a fault in the reference eVault (its test controls). */
export async function injectFault(
  vault: SpawnedReferenceEVault,
  fault: { step: string; mode: "fail" | "timeout" | "slow" | "fail-after-commit"; count?: number; delayMs?: number },
) {
  const response = await fetch(`${vault.url}/_test/faults`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(fault),
  });
  if (!response.ok) throw new Error(`fault: ${response.status} ${await response.text()}`);
}

export async function clearFaults(vault: SpawnedReferenceEVault) {
  await fetch(`${vault.url}/_test/faults`, { method: "DELETE" });
}
