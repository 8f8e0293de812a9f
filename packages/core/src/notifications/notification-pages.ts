import {
  auditSentence,
  type NotificationReport,
  type NotificationSummary,
  participantDisplayName,
} from "@signet/contract";
import type { CoreDeps } from "../core-deps.ts";
import { AppError } from "../errors/app-error.ts";
import { type NotificationLinkClaims, verifyNotificationLink } from "./notification-link-token.ts";
import { maskRecipient } from "./notification-records.ts";

const DAY_MS = 86_400_000;

async function linkContext(deps: CoreDeps, token: string) {
  const claims: NotificationLinkClaims = verifyNotificationLink(deps.linkKeys, token);
  const [user, organization] = await Promise.all([
    deps.db.user.findUnique({ where: { id: claims.u } }),
    deps.db.organization.findUnique({ where: { id: claims.o }, select: { id: true, name: true } }),
  ]);
  if (!user || !organization) throw new AppError("NOT_FOUND");
  const to = new Date(claims.w);
  const from = new Date(claims.w - DAY_MS);
  const packages = await deps.db.package.findMany({
    where: { organizationId: organization.id, createdById: user.id, templateKind: null },
    select: { id: true, name: true, status: true },
  });
  return { user, organization, from, to, packages };
}

/** notification-summary (spec §2, no guard but the signed link): what happened to the sender's packages. */
export async function getNotificationSummary(input: { token: string }, deps: CoreDeps): Promise<NotificationSummary> {
  const { user, organization, from, to, packages } = await linkContext(deps, input.token);
  const ids = packages.map((pkg) => pkg.id);
  const events = await deps.db.auditEvent.findMany({
    where: { streamType: "package", streamId: { in: ids }, occurredAt: { gte: from, lt: to } },
    orderBy: [{ occurredAt: "asc" }, { id: "asc" }],
  });
  const touched = new Set(events.map((event) => event.streamId));
  const [participants, users] = await Promise.all([
    deps.db.participant.findMany({ where: { packageId: { in: [...touched] } } }),
    deps.db.user.findMany({
      where: { id: { in: [...new Set(events.map((event) => event.actorId).filter((id): id is string => !!id))] } },
      select: { id: true, givenName: true, familyName: true, email: true },
    }),
  ]);
  const names: Record<string, string> = {};
  for (const participant of participants) names[participant.id] = participantDisplayName(participant);
  for (const person of users)
    names[person.id] = [person.givenName, person.familyName].filter(Boolean).join(" ") || person.email;
  const failedDeliveries = await deps.db.notificationRecord.count({
    where: {
      status: "FAILED",
      organizationId: organization.id,
      packageId: { in: ids },
      lastAttemptAt: { gte: from, lt: to },
    },
  });
  return {
    recipientName: user.givenName || user.email,
    organizationName: organization.name,
    from: from.toISOString(),
    to: to.toISOString(),
    packages: packages
      .filter((pkg) => touched.has(pkg.id))
      .map((pkg) => ({
        id: pkg.id,
        name: pkg.name,
        status: pkg.status,
        events: events
          .filter((event) => event.streamId === pkg.id)
          .map((event) => ({
            at: event.occurredAt.toISOString(),
            sentence: auditSentence({
              type: event.type,
              actor: event.actorId ? (names[event.actorId] ?? null) : null,
              data: (event.data ?? {}) as Record<string, unknown>,
              names,
            }).sentence,
          })),
      })),
    failedDeliveries,
  };
}

/** notification-report: the emails and texts to the sender's participants that failed in that day. */
export async function getNotificationReport(input: { token: string }, deps: CoreDeps): Promise<NotificationReport> {
  const { user, organization, from, to, packages } = await linkContext(deps, input.token);
  const names = new Map(packages.map((pkg) => [pkg.id, pkg.name]));
  const rows = await deps.db.notificationRecord.findMany({
    where: {
      status: "FAILED",
      organizationId: organization.id,
      packageId: { in: [...names.keys()] },
      lastAttemptAt: { gte: from, lt: to },
    },
    orderBy: { lastAttemptAt: "asc" },
    take: 500,
  });
  return {
    recipientName: user.givenName || user.email,
    organizationName: organization.name,
    from: from.toISOString(),
    to: to.toISOString(),
    records: rows.map((row) => ({
      packageName: row.packageId ? (names.get(row.packageId) ?? null) : null,
      channel: row.channel,
      kind: row.kind,
      recipient: maskRecipient(row.recipient),
      answer: row.answer,
      at: row.lastAttemptAt.toISOString(),
    })),
  };
}
