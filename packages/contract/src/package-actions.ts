import { z } from "zod";
import { ID } from "./ids.ts";
import { packageSchema } from "./packages.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Package lifecycle actions (spec §4 Package actions, §7 Packages; DOMAIN.md §1 status machine,
// §4 audit trail). Which action is allowed from which status is decided by decideTransition
// (package-status.ts); these are the calls and their messages.

export const PACKAGE_ACTION_MESSAGES = {
  /** spec §8 success toast of invitation-reminders */
  reminderSent: "Reminder sent successfully",
  /** spec §8: no reminder could be sent (no selected participant is reached by email) */
  reminderFailed: "Reminder send failed",
  /** reminders go by email: an SMS or in-person (API) participant is skipped */
  reminderNotByEmail: "Reminders are sent by email; this participant does not sign by email.",
  /** reminders of an available package reuse the invitation path: only invited, unfinished participants */
  reminderNotInvited: "This participant has no open invitation to be reminded of.",
  /** finish: participants who sign or review electronically have not all finished */
  participantsStillSigning:
    "Participants still have to finish signing electronically before the package can be finished.",
  /** a participant id of invitation-reminders that is not a participant of the package */
  reminderParticipantNotFound: "Participant/package/organization not found.",
  /** send: what is missing, with one detail per problem */
  cannotSend: "The package cannot be sent until what is missing is completed.",
  noParticipants: "Add at least one participant before sending the package.",
  noDocuments: "Add at least one document before sending the package.",
  expiryInPast: "The expiration date has passed. Choose a new expiration date before sending the package.",
  scheduleMissing: "Choose when the package becomes available to signers before sending it.",
  /** reactivate: DOMAIN.md §1 — must be rescheduled and reopened */
  newExpiryRequired: "Choose a new expiration date in the future to reactivate this package.",
  expiryMustBeFuture: "The expiration date must be in the future.",
  newScheduleRequired: "Choose a new scheduled date in the future to reactivate this package.",
  scheduleMustBeFuture: "The scheduled date must be in the future.",
  /** spec §4: the cancel dialog's checkbox */
  notifyParticipantsLabel: "Notify participants of package cancellation",
  /** collaboration: refused while the organization or the package has it off */
  collaborationDisabledForOrganization: "Package collaboration is not enabled for this organization.",
  collaborationDisabledForPackage: "Package collaboration is not enabled for this package.",
} as const;

/** The cancellation reason recorded when a member cancels (the expire event records EXPIRED). */
export const MEMBER_CANCELLATION_REASON = "CANCELLED_BY_MEMBER";

const version = z.number().int().min(1).describe("The version the client read (optimistic locking)");
const futureOrNullDate = z.iso.datetime({ offset: true }).nullable();

export const cancelPackageSchema = z
  .object({
    version,
    notify: z
      .boolean()
      .describe(`'${PACKAGE_ACTION_MESSAGES.notifyParticipantsLabel}': email every participant with an email address`),
    reason: z
      .string()
      .trim()
      .max(500)
      .optional()
      .describe(`Recorded as cancelReason; default '${MEMBER_CANCELLATION_REASON}'`),
  })
  .meta({ id: "CancelPackage" });
export type CancelPackage = z.infer<typeof cancelPackageSchema>;

export const reactivatePackageSchema = z
  .object({
    version,
    scheduledOn: futureOrNullDate
      .optional()
      .describe(
        "New availability date (future). Required when the package is scheduled and its date has passed; null makes it available when sent",
      ),
    packageExpiresAt: futureOrNullDate
      .optional()
      .describe("New expiration (future). Required when the package had an expiration or was cancelled as EXPIRED"),
  })
  .meta({ id: "ReactivatePackage" });
export type ReactivatePackage = z.infer<typeof reactivatePackageSchema>;

export const packageVersionBodySchema = z.object({ version }).meta({ id: "PackageVersion" });
export type PackageVersionBody = z.infer<typeof packageVersionBodySchema>;

export const invitationRemindersSchema = z
  .object({
    participantIds: z
      .array(z.uuid())
      .max(500)
      .optional()
      .describe("Participants to remind; default every participant of the package"),
  })
  .meta({ id: "InvitationReminders" });
export type InvitationReminders = z.infer<typeof invitationRemindersSchema>;

export const invitationRemindersResultSchema = z
  .object({
    message: z.string().describe(`'${PACKAGE_ACTION_MESSAGES.reminderSent}'`),
    sent: z.number().int().describe("Reminder emails queued"),
    skipped: z.number().int().describe("Participants not reached by email (SMS, in person)"),
    skippedParticipantIds: z.array(z.uuid()).describe("The ids of those participants"),
  })
  .meta({ id: "InvitationRemindersResult" });
export type InvitationRemindersResult = z.infer<typeof invitationRemindersResultSchema>;

export const packageAuditEventSchema = z
  .object({
    sequence: z.number().int().describe("Position in the package's chain, from 1"),
    type: z.string().describe("e.g. package.created, package.sent, package.cancelled"),
    occurredAt: z.string().describe("When it happened (ISO 8601 time, UTC, with milliseconds)"),
    actorId: ID.actorId.nullable(),
    actorName: z.string().nullable().describe("The name of who acted, as it was then; null for the system"),
    actorRole: z.string().nullable().describe("user, system or anonymous"),
    ip: z.string().nullable().describe("The IP address the request came from; null for the system"),
    userAgent: z.string().nullable().describe("The browser or client that made the request; null for the system"),
    data: z
      .record(z.string(), z.unknown())
      .describe("What the event recorded, by event type (e.g. the reason of a cancel)"),
    prevHash: z.string().nullable().describe("The hash of the event before it (hex SHA-256); null for the first event"),
    hash: z.string().describe("SHA-256 over the previous hash and the canonical event"),
  })
  .meta({ id: "PackageAuditEvent" });
export type PackageAuditEvent = z.infer<typeof packageAuditEventSchema>;

export const packageAuditSchema = z
  .object({
    packageId: ID.packageId,
    events: z.array(packageAuditEventSchema).describe("The package's audit events, oldest first"),
    chainValid: z.boolean().describe("The hash chain re-verifies: no event was changed, removed or inserted"),
    brokenAt: z.number().int().nullable().describe("Sequence of the first broken link, when not valid"),
  })
  .meta({ id: "PackageAudit" });
export type PackageAudit = z.infer<typeof packageAuditSchema>;

/** The review step's readiness check (issue 4 §6): everything that stops the send, with where it is. */
const checkItem = z.object({
  path: z
    .string()
    .describe(
      "What the problem is about: a field of the package (e.g. scheduledOn) or a part of it (documents, participants)",
    ),
  message: z.string().describe("What to do, in words"),
});

export const sendCheckSchema = z
  .object({
    ready: z.boolean().describe("Nothing stops the send: problems is empty"),
    problems: z.array(checkItem).describe("Everything that stops the send"),
    warnings: z
      .array(checkItem)
      .describe("What does not stop the send but needs a person later, e.g. a print set that is not mailed by itself"),
  })
  .meta({ id: "SendCheck" });
export type SendCheck = z.infer<typeof sendCheckSchema>;

/** A signed, expiring link that opens the package for collaboration in the signing room. */
export const collaborationLinkSchema = z
  .object({
    collaborationURL: z.url().describe("The link: anyone who has it may follow the package read-only until it expires"),
  })
  .meta({ id: "CollaborationLink" });
export type CollaborationLink = z.infer<typeof collaborationLinkSchema>;

const packageParams = z.object({ orgId: ID.orgId, packageId: ID.packageId });
const base = { base: "api", version: 9, auth: "user", tags: ["packages"], params: packageParams } as const;
const manage = ["MANAGE_DOCUMENTS_PACKAGES"] as const;

export const packageActionRoutes = {
  sendPackage: define({
    ...base,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/send",
    permission: manage,
    summary: "Send a package (STARTED → AVAILABLE_TO_SIGNERS) after checking participants and their contacts",
    body: packageVersionBodySchema,
    response: packageSchema,
    status: 200,
  }),
  cancelPackage: define({
    ...base,
    method: "PUT",
    path: "/organizations/:orgId/packages/:packageId/cancel",
    permission: manage,
    summary: "Cancel a package (STARTED or AVAILABLE_TO_SIGNERS → CANCELLED), optionally emailing its participants",
    body: cancelPackageSchema,
    response: packageSchema,
    status: 200,
  }),
  reactivatePackage: define({
    ...base,
    method: "PUT",
    path: "/organizations/:orgId/packages/:packageId/reactivate",
    permission: manage,
    summary: "Reactivate a cancelled or consent-withdrawn package (→ STARTED), rescheduled and reopened",
    body: reactivatePackageSchema,
    response: packageSchema,
    status: 200,
  }),
  finishPackage: define({
    ...base,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/finish",
    permission: manage,
    summary: "Finish a package whose paper documents were executed (AVAILABLE_TO_SIGNERS → COMPLETED)",
    body: packageVersionBodySchema,
    response: packageSchema,
    status: 200,
  }),
  correctPackage: define({
    ...base,
    method: "PUT",
    path: "/organizations/:orgId/packages/:packageId/correction",
    permission: ["INITIATE_CORRECTION"],
    summary: "Start a correction (AVAILABLE_TO_SIGNERS → STARTED); needs INITIATE_CORRECTION in one of its groups",
    body: packageVersionBodySchema,
    response: packageSchema,
    status: 200,
  }),
  sendInvitationReminders: define({
    ...base,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/invitation-reminders",
    permission: manage,
    summary: "Email a reminder to participants who sign by email (only STARTED or AVAILABLE_TO_SIGNERS)",
    body: invitationRemindersSchema,
    response: invitationRemindersResultSchema,
    status: 200,
  }),
  getSendCheck: define({
    ...base,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/send-check",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "Whether the package can be sent now, and what is missing (the review step's checklist)",
    response: sendCheckSchema,
    status: 200,
  }),
  createCollaboration: define({
    ...base,
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/collaborations",
    permission: manage,
    summary:
      "A signed, expiring signing-room link to collaborate on the package (organization and package must allow it)",
    response: collaborationLinkSchema,
    status: 200,
  }),
  getPackageAudit: define({
    ...base,
    method: "GET",
    path: "/organizations/:orgId/packages/:packageId/audit",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The package's hash-chained audit events and whether the chain re-verifies",
    response: packageAuditSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
