import {
  type CreateSamlProvider,
  SAML_PROVIDER_MESSAGES,
  type SamlProvider,
  type SamlProviderList,
  type SamlSignInProviderList,
  type UpdateSamlProvider,
} from "@signet/contract";
import type { Actor, UserActor } from "../actor.ts";
import { appendAuditEvent } from "../audit/append-audit-event.ts";
import type { CoreDeps } from "../core-deps.ts";
import type { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";
import { packageVersionConflict } from "../packages/package-access.ts";
import { readCertificates, samlProviderNotFound, toSamlProvider, withOrganizations } from "./saml-provider-views.ts";

type Tx = Prisma.TransactionClient;

/**
 * SAML providers belong to the installation, not to an organization: only support users (spec §2
 * Guards "SAML routes also need a support user"; §6 "SAML Providers: support user only") see or
 * change them. Everyone else is refused before anything is looked up, so no id is confirmed.
 */
export function requireSupportUser(actor: Actor): UserActor & { organizationId: string } {
  if (actor.kind !== "user") throw new AppError("UNAUTHORIZED");
  if (actor.partial || !actor.organizationId) throw new AppError("ORGANIZATION_NOT_SELECTED");
  if (!actor.supportUser || actor.apiClient) throw new AppError("FORBIDDEN", SAML_PROVIDER_MESSAGES.supportOnly);
  return actor as UserActor & { organizationId: string };
}

function audit(tx: Tx, actor: UserActor & { organizationId: string }, type: string, data: Record<string, unknown>) {
  return appendAuditEvent(tx, actor, {
    organizationId: actor.organizationId,
    streamType: "organization",
    streamId: actor.organizationId,
    type,
    data,
  });
}

async function assertOrganizations(tx: Tx, organizationIds: string[]) {
  const ids = [...new Set(organizationIds)];
  if (ids.length === 0) return ids;
  const found = await tx.organization.count({ where: { id: { in: ids } } });
  if (found !== ids.length) {
    throw new AppError("BAD_REQUEST", SAML_PROVIDER_MESSAGES.organizationNotFound, [
      { path: "organizationIds", message: SAML_PROVIDER_MESSAGES.organizationNotFound },
    ]);
  }
  return ids;
}

const normalizedCertificates = (pems: string[]) => [...new Set(readCertificates(pems).map((c) => c.pem))];

export async function listSamlProviders(actor: Actor, deps: CoreDeps): Promise<SamlProviderList> {
  requireSupportUser(actor);
  const rows = await deps.db.samlProvider.findMany({
    include: withOrganizations,
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  return { records: rows.map(toSamlProvider), count: rows.length };
}

export async function getSamlProvider(
  actor: Actor,
  input: { samlProviderId: string },
  deps: CoreDeps,
): Promise<SamlProvider> {
  requireSupportUser(actor);
  const row = await deps.db.samlProvider.findUnique({
    where: { id: input.samlProviderId },
    include: withOrganizations,
  });
  if (!row) throw samlProviderNotFound();
  return toSamlProvider(row);
}

export async function createSamlProvider(
  actor: Actor,
  input: CreateSamlProvider,
  deps: CoreDeps,
): Promise<SamlProvider> {
  const support = requireSupportUser(actor);
  const certificates = normalizedCertificates(input.certificates);
  const row = await deps.db.$transaction(async (tx) => {
    const organizationIds = await assertOrganizations(tx, input.organizationIds);
    const created = await tx.samlProvider.create({
      data: {
        name: input.name,
        idpEntityId: input.idpEntityId,
        ssoUrl: input.ssoUrl,
        ssoBinding: input.ssoBinding,
        certificates,
        emailAttribute: input.emailAttribute,
        givenNameAttribute: input.givenNameAttribute,
        familyNameAttribute: input.familyNameAttribute,
        enabled: input.enabled,
        organizations: { create: organizationIds.map((organizationId) => ({ organizationId })) },
      },
      include: withOrganizations,
    });
    await audit(tx, support, "saml-provider.created", {
      samlProviderId: created.id,
      name: created.name,
      idpEntityId: created.idpEntityId,
    });
    return created;
  });
  return toSamlProvider(row);
}

export async function updateSamlProvider(
  actor: Actor,
  input: UpdateSamlProvider & { samlProviderId: string },
  deps: CoreDeps,
): Promise<SamlProvider> {
  const support = requireSupportUser(actor);
  const { samlProviderId, version, organizationIds, certificates, ...changes } = input;
  const pems = certificates ? normalizedCertificates(certificates) : undefined;
  const row = await deps.db.$transaction(async (tx) => {
    const current = await tx.samlProvider.findUnique({ where: { id: samlProviderId } });
    if (!current) throw samlProviderNotFound();
    const { count } = await tx.samlProvider.updateMany({
      where: { id: samlProviderId, version },
      data: {
        ...changes,
        ...(pems ? { certificates: pems } : {}),
        version: { increment: 1 },
      },
    });
    if (count === 0) throw packageVersionConflict();
    if (organizationIds) {
      const ids = await assertOrganizations(tx, organizationIds);
      await tx.samlProviderOrganization.deleteMany({ where: { samlProviderId, organizationId: { notIn: ids } } });
      await tx.samlProviderOrganization.createMany({
        data: ids.map((organizationId) => ({ samlProviderId, organizationId })),
        skipDuplicates: true,
      });
    }
    await audit(tx, support, "saml-provider.updated", {
      samlProviderId,
      name: current.name,
      changes: Object.keys(input).filter((key) => key !== "samlProviderId" && key !== "version"),
    });
    return tx.samlProvider.findUniqueOrThrow({ where: { id: samlProviderId }, include: withOrganizations });
  });
  return toSamlProvider(row);
}

export async function deleteSamlProvider(
  actor: Actor,
  input: { samlProviderId: string; version: number },
  deps: CoreDeps,
): Promise<void> {
  const support = requireSupportUser(actor);
  await deps.db.$transaction(async (tx) => {
    const row = await tx.samlProvider.findUnique({ where: { id: input.samlProviderId } });
    if (!row) throw samlProviderNotFound();
    const { count } = await tx.samlProvider.deleteMany({ where: { id: input.samlProviderId, version: input.version } });
    if (count === 0) throw packageVersionConflict();
    // a provider added again later is a new provider: it signs nobody in until they link again
    await tx.identityLink.deleteMany({ where: { providerId: row.id } });
    await tx.identityLinkRequest.deleteMany({ where: { providerId: row.id } });
    await audit(tx, support, "saml-provider.deleted", { samlProviderId: row.id, name: row.name });
  });
}

/**
 * What the sign-in page offers before anyone is signed in. Public by design: the enabled SAML
 * providers an organization uses, by name only; an unknown organization gets an empty list.
 */
export async function listSamlSignInProviders(
  input: { organizationId: string },
  deps: CoreDeps,
): Promise<SamlSignInProviderList> {
  const rows = await deps.db.samlProvider.findMany({
    where: { enabled: true, organizations: { some: { organizationId: input.organizationId } } },
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: { id: true, name: true },
  });
  return { records: rows };
}
