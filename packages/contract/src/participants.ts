import { z } from "zod";
import { ID } from "./ids.ts";
import { participantLanguageSchema } from "./languages.ts";
import { pageSchema, versionQuerySchema } from "./paging.ts";
import {
  MAX_PARTICIPANTS_PER_TYPE,
  participantAccessMethodSchema,
  participantRoleSchema,
} from "./participant-rules.ts";
import { postalAddressOutSchema, postalAddressSchema } from "./print-settings.ts";
import { recordCreatedAt, recordUpdatedAt } from "./record-fields.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";
import {
  idVerificationMethodSchema,
  KBA_QUESTIONS,
  kbaAnswersSchema,
  participantSigningStatusSchema,
} from "./signing-room.ts";
import { phoneInputSchema } from "./users.ts";

// Participants of a package (spec §3 Participant, §4 contact summary, §5 numbering and phone).
// The pure rules (numbering, display name, initials, contact summary) are in participant-rules.ts.

export const PARTICIPANT_API_MESSAGES = {
  /** a participant that does not exist in this package (or a package the caller cannot see) */
  participantNotFound: "Participant/package/organization not found.",
  /** participants-order must name every participant of the package exactly once */
  orderMustListEveryParticipant: "The order must list every participant of the package exactly once.",
  participantRemoved: "Participant removed.",
} as const;

const PERSON_TEXT = {
  type: "The participant type, e.g. Borrower (up to 60 characters); the participant gets the lowest unused number of it",
  givenName: "The participant's given (first) name; null: not given yet",
  middleName: "The participant's middle name; null: none",
  familyName: "The participant's family (last) name; null: not given yet",
  email: "The participant's email address (needed for EMAIL access); null: none",
  phoneNumber: "The participant's mobile number, ten digits (needed for SMS access)",
  avHost: "Hosts the A/V eSign session (one per package)",
  witnessForParticipantId:
    "Issue 34: this participant witnesses the named signer of the same package (their signature, printed name and 'Witness to <signer>' on a WITNESS_SIGNATURE tag) and is invited only after that signer finished; the witness needs the role SIGNER, may not be the signer or share their email; null: not a witness",
  language:
    "The language of the participant's invitations, reminders and signing room (the participant may switch in the room when the organization allows it)",
  delegationAllowed:
    "May hand signing to someone else: in the signing room the participant can name a delegate with a reason; the delegate gets their own invitation and verification, and may delegate again",
} as const;

export const participantSchema = z
  .object({
    id: z.uuid().describe("The participant's id"),
    packageId: ID.packageId,
    type: z.string().describe("Participant type as configured, e.g. 'Borrower'"),
    roleNumber: z.number().int().describe(`1–${MAX_PARTICIPANTS_PER_TYPE}, the lowest unused in the type`),
    displayName: z.string().describe("Upper-cased type plus the role number, e.g. 'BORROWER 1'"),
    initials: z.string().describe("From the names, or from the type and number without names"),
    givenName: z.string().nullable().describe(PERSON_TEXT.givenName),
    middleName: z.string().nullable().describe(PERSON_TEXT.middleName),
    familyName: z.string().nullable().describe(PERSON_TEXT.familyName),
    email: z.string().nullable().describe(PERSON_TEXT.email),
    phoneNumber: z
      .string()
      .nullable()
      .describe("The participant's mobile number, ten digits (needed for SMS access); null: none"),
    contact: z.string().describe("The email for EMAIL, the phone as 123-456-7890 for SMS, '' for API"),
    accessMethod: participantAccessMethodSchema,
    role: participantRoleSchema,
    orderSequence: z.number().int().describe("Position in ordered (PARTICIPANT) signing"),
    avHost: z.boolean().describe("Hosts the A/V eSign session"),
    witnessForParticipantId: z.uuid().nullable().describe(PERSON_TEXT.witnessForParticipantId),
    language: participantLanguageSchema.describe(PERSON_TEXT.language),
    signingStatus: participantSigningStatusSchema,
    invitedAt: z
      .string()
      .nullable()
      .describe("When the participant was last sent their signing link (ISO 8601 time); null: not yet"),
    finishedAt: z.string().nullable().describe("When the participant finished signing (ISO 8601 time); null: not yet"),
    signedInPersonHost: z
      .string()
      .nullable()
      .describe("Finished in person on a member's device: the host as 'Name (email)'; null: not signed in person"),
    idVerification: idVerificationMethodSchema.describe("How the participant proves who they are"),
    kbaQuestions: z.array(z.enum(KBA_QUESTIONS)).describe("KBA: the questions the sender gave answers to"),
    mailingAddress: postalAddressOutSchema
      .nullable()
      .describe("Where a print set is mailed when the package has print fulfillment on"),
    delegationAllowed: z.boolean().describe(PERSON_TEXT.delegationAllowed),
    delegatedFromParticipantId: z
      .uuid()
      .nullable()
      .describe("A delegate: the participant who handed their part to this one; null otherwise"),
    delegatedToParticipantId: z
      .uuid()
      .nullable()
      .describe("signingStatus DELEGATED: the participant this one handed their part to; null otherwise"),
    delegationReason: z
      .string()
      .nullable()
      .describe("A delegate: the reason the previous participant gave for handing their part over; null otherwise"),
    delegatedAt: z
      .string()
      .nullable()
      .describe("A delegate: when their part was handed to them (ISO 8601 time); null otherwise"),
    createdAt: recordCreatedAt,
    lastUpdatedAt: recordUpdatedAt,
    version: z.number().int().describe("Send back on update and remove (optimistic locking)"),
  })
  .meta({ id: "Participant" });
export type Participant = z.infer<typeof participantSchema>;

export const participantListSchema = pageSchema(participantSchema)
  .describe("Every participant of the package in signing order")
  .meta({ id: "ParticipantList" });
export type ParticipantList = z.infer<typeof participantListSchema>;

const personName = z.string().trim().max(100);
const participantType = z.string().trim().min(1, "Type is required").max(60);
const email = z.string().trim().toLowerCase().max(254).pipe(z.email("Enter a valid email address."));

export const createParticipantSchema = z
  .object({
    type: participantType.describe(PERSON_TEXT.type),
    givenName: personName.nullish().describe(PERSON_TEXT.givenName),
    middleName: personName.nullish().describe(PERSON_TEXT.middleName),
    familyName: personName.nullish().describe(PERSON_TEXT.familyName),
    email: email.nullish().describe(PERSON_TEXT.email),
    phoneNumber: phoneInputSchema.optional().describe(PERSON_TEXT.phoneNumber),
    accessMethod: participantAccessMethodSchema.default("EMAIL"),
    role: participantRoleSchema.default("SIGNER"),
    avHost: z.boolean().default(false).describe(`${PERSON_TEXT.avHost} (default false)`),
    witnessForParticipantId: z.uuid().nullish().describe(PERSON_TEXT.witnessForParticipantId),
    language: participantLanguageSchema.default("en").describe(`${PERSON_TEXT.language} (default en)`),
    idVerification: idVerificationMethodSchema.optional().describe("Default: the organization's setting"),
    kbaAnswers: kbaAnswersSchema.optional().describe("KBA: answers the participant must give (stored encrypted)"),
    mailingAddress: postalAddressSchema.nullish().describe("Where a print set is mailed (US addresses only)"),
    delegationAllowed: z.boolean().optional().describe(`${PERSON_TEXT.delegationAllowed} (default false)`),
  })
  .describe(
    "The contact the access method needs (EMAIL: email, SMS: phone) is required, except in a template's builder package",
  )
  .meta({ id: "CreateParticipant" });
export type CreateParticipant = z.infer<typeof createParticipantSchema>;

export const updateParticipantSchema = z
  .object({
    version: z
      .number()
      .int()
      .min(1)
      .describe(
        "The version last read (optimistic locking): if someone changed the record since, the request answers 409",
      ),
    type: participantType.optional().describe("A new type takes the lowest unused number of that type"),
    givenName: personName.nullish().describe(PERSON_TEXT.givenName),
    middleName: personName.nullish().describe(PERSON_TEXT.middleName),
    familyName: personName.nullish().describe(PERSON_TEXT.familyName),
    email: email.nullish().describe(PERSON_TEXT.email),
    phoneNumber: phoneInputSchema.optional().describe(PERSON_TEXT.phoneNumber),
    accessMethod: participantAccessMethodSchema.optional(),
    role: participantRoleSchema.optional().describe("Leaving SIGNER deletes the participant's tags"),
    avHost: z.boolean().optional().describe(PERSON_TEXT.avHost),
    witnessForParticipantId: z
      .uuid()
      .nullish()
      .describe(
        `${PERSON_TEXT.witnessForParticipantId}; null stops witnessing (deletes their witness tags); leave out to keep`,
      ),
    language: participantLanguageSchema.optional().describe(`${PERSON_TEXT.language}; leave out to keep`),
    idVerification: idVerificationMethodSchema.optional(),
    kbaAnswers: kbaAnswersSchema
      .optional()
      .describe("KBA: the answers the participant must give (stored encrypted); leave out to keep"),
    mailingAddress: postalAddressSchema.nullish().describe("null removes the address"),
    delegationAllowed: z.boolean().optional().describe(`${PERSON_TEXT.delegationAllowed}; leave out to keep`),
  })
  .meta({ id: "UpdateParticipant" });
export type UpdateParticipant = z.infer<typeof updateParticipantSchema>;

export const participantsOrderSchema = z
  .object({
    participants: z
      .array(
        z.object({
          participantUid: ID.participantUid,
          signingOrder: z.number().int().min(1).max(10_000).describe("1 signs first; equal numbers sign together"),
        }),
      )
      .min(1)
      .max(1000)
      .describe("Every participant of the package, each with its place in the signing order"),
    version: z.number().int().min(1).describe("The package's version"),
  })
  .meta({ id: "ParticipantsOrder" });
export type ParticipantsOrder = z.infer<typeof participantsOrderSchema>;

// Issue 33 §3: a sender picks people already sent to (the title company, borrowers of an earlier
// disclosure package) instead of typing their names and email again.
export const RECENT_CONTACTS_LIMIT = 10;

export const recentContactsQuerySchema = z.object({
  text: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe("Part of a first name, last name or email to look for; leave out for the most recent people"),
});
export type RecentContactsQuery = z.infer<typeof recentContactsQuerySchema>;

export const recentContactSchema = z
  .object({
    type: z.string().describe("The participant type they had last time, e.g. 'Borrower'"),
    role: participantRoleSchema,
    givenName: z.string().nullable().describe(PERSON_TEXT.givenName),
    middleName: z.string().nullable().describe(PERSON_TEXT.middleName),
    familyName: z.string().nullable().describe(PERSON_TEXT.familyName),
    email: z.string().describe("The email address they were reached at, which identifies the person here"),
    phoneNumber: z.string().nullable().describe("Their mobile number, ten digits; null: none"),
    accessMethod: participantAccessMethodSchema,
    lastUsedAt: z.string().describe("When they were last added to a package (ISO 8601 time)"),
  })
  .meta({ id: "RecentContact" });
export type RecentContact = z.infer<typeof recentContactSchema>;

export const recentContactListSchema = z
  .object({
    records: z
      .array(recentContactSchema)
      .describe(
        `People of the packages the caller sees, one per email, most recently added first (at most ${RECENT_CONTACTS_LIMIT})`,
      ),
  })
  .meta({ id: "RecentContactList" });
export type RecentContactList = z.infer<typeof recentContactListSchema>;

const packageParams = z.object({ orgId: ID.orgId, packageId: ID.packageId });
const participantParams = z.object({ orgId: ID.orgId, packageId: ID.packageId, participantId: ID.participantId });

export const participantRoutes = {
  listParticipants: define({
    method: "GET",
    base: "api",
    version: 5,
    path: "/organizations/:orgId/packages/:packageId/participants",
    auth: "user",
    permission: ["VIEW_DOCUMENTS_PACKAGES"],
    summary: "The package's participants in signing order",
    tags: ["participants"],
    params: packageParams,
    response: participantListSchema,
    status: 200,
  }),
  addParticipant: define({
    method: "POST",
    base: "api",
    version: 5,
    path: "/organizations/:orgId/packages/:packageId/participants",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: `Add a participant (role number: the lowest unused of its type, at most ${MAX_PARTICIPANTS_PER_TYPE})`,
    tags: ["participants"],
    params: packageParams,
    body: createParticipantSchema,
    response: participantSchema,
    status: 201,
  }),
  updateParticipant: define({
    method: "PATCH",
    base: "api",
    version: 5,
    path: "/organizations/:orgId/packages/:packageId/participants/:participantId",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Change a participant's type, names, contact or access method",
    tags: ["participants"],
    params: participantParams,
    body: updateParticipantSchema,
    response: participantSchema,
    status: 200,
  }),
  removeParticipant: define({
    method: "DELETE",
    base: "api",
    version: 5,
    path: "/organizations/:orgId/packages/:packageId/participants/:participantId",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Remove a participant with its configuration",
    tags: ["participants"],
    params: participantParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  setParticipantsOrder: define({
    method: "PUT",
    base: "api",
    // the deepest versioned resource of the path is packages (participants-order is its own name)
    version: 9,
    path: "/organizations/:orgId/packages/:packageId/participants-order",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Set the signing order (ordered signing, signingOrder PARTICIPANT)",
    tags: ["participants"],
    params: packageParams,
    body: participantsOrderSchema,
    response: participantListSchema,
    status: 200,
  }),
  listRecentContacts: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/recent-contacts",
    auth: "user",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "People already added to the organization's packages the caller sees, to add them again in one choice",
    tags: ["participants"],
    params: z.object({ orgId: ID.orgId }),
    query: recentContactsQuerySchema,
    response: recentContactListSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
