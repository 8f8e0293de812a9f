import { z } from "zod";
import { ID } from "./ids.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// In-person (hosted) signing, issue 34 §2a: a member opens the signing room on their own device for
// a participant who is present. Before consent the participant's identity is confirmed on that
// device: a one-time code to their email or phone, or the host's statement that they checked an ID.
// The rules here are pure, so the server decides and the room explains from the same words.

export const IN_PERSON_LIMITS = {
  /** the hosted link is opened at once on the host's device: a short life keeps a stray copy useless */
  linkMinutes: 5,
  codeMinutes: 10,
  /** code messages per hosted session */
  codesPerSession: 5,
  /** issuer (state or country) and 'other' ID type texts */
  textLength: 80,
} as const;

export const IN_PERSON_METHODS = ["IN_PERSON_CODE_EMAIL", "IN_PERSON_CODE_SMS", "HOST_ATTESTED_ID"] as const;
export type InPersonMethod = (typeof IN_PERSON_METHODS)[number];

export const IN_PERSON_ID_TYPES = ["DRIVERS_LICENSE", "PASSPORT", "STATE_ID", "OTHER"] as const;
export type InPersonIdType = (typeof IN_PERSON_ID_TYPES)[number];

export const IN_PERSON_ID_TYPE_LABELS: Record<InPersonIdType, string> = {
  DRIVERS_LICENSE: "Driver's licence",
  PASSPORT: "Passport",
  STATE_ID: "State ID card",
  OTHER: "Other government ID",
};

export const IN_PERSON_CODE_CHANNELS = ["EMAIL", "SMS"] as const;
export type InPersonCodeChannel = (typeof IN_PERSON_CODE_CHANNELS)[number];

export const IN_PERSON_MESSAGES = {
  notPresent: "Confirm that the participant is here with you before hosting their signing.",
  hostMustBeMember: "Only a signed-in member can host in-person signing, not an API client.",
  idExpired: "The ID has expired: check an ID that is still valid.",
  notHosted: "This signing session is not hosted in person.",
  alreadyConfirmed: "The participant's identity is already confirmed.",
  noDestination: "The participant has no address for this kind of code.",
  noCodeSent: "Send a code first.",
  tooManyCodes: "Too many codes were sent. Use the ID check or host the signing again later.",
  otherTypeNeeded: "Say which kind of ID it is.",
  hostedUseInPerson: "In a hosted session, confirm who is signing with the in-person check.",
} as const;

/** The statement the host ticks, word for word (it is stored and quoted as ticked). */
export function hostIdStatement(hostName: string): string {
  return `I, ${hostName}, checked this person's ID in person.`;
}

/** Problems with an ID check, by field (empty: acceptable). `today` is YYYY-MM-DD. */
export function idAttestationProblems(
  input: { idType: InPersonIdType; idTypeOther?: string | null | undefined; idExpiresOn: string },
  today: string,
): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  if (input.idType === "OTHER" && !input.idTypeOther?.trim()) {
    problems.push({ path: "idTypeOther", message: IN_PERSON_MESSAGES.otherTypeNeeded });
  }
  // an ID that expires today is still valid today
  if (input.idExpiresOn < today) problems.push({ path: "idExpiresOn", message: IN_PERSON_MESSAGES.idExpired });
  return problems;
}

/** How the certificate and the package page name an ID the host checked: "Passport, Canada". */
export function idCheckedText(input: { idType: string; idTypeOther?: string | null; idIssuer: string }): string {
  const type =
    input.idType === "OTHER" && input.idTypeOther
      ? input.idTypeOther
      : (IN_PERSON_ID_TYPE_LABELS[input.idType as InPersonIdType] ?? input.idType);
  return `${type}, ${input.idIssuer}`;
}

/** The certificate's line for a participant who signed in a hosted session. */
export function inPersonCertificateLine(input: {
  hostName: string;
  hostEmail: string;
  method: InPersonMethod | null;
  codeDestination: string | null;
  idType: string | null;
  idTypeOther: string | null;
  idIssuer: string | null;
}): string {
  const identity =
    input.method === "HOST_ATTESTED_ID"
      ? `ID checked by host (${idCheckedText({ idType: input.idType ?? "OTHER", idTypeOther: input.idTypeOther, idIssuer: input.idIssuer ?? "issuer not given" })})`
      : input.method
        ? `one-time code sent to ${input.codeDestination ?? "the participant"}`
        : "not confirmed";
  return `Signed in person, hosted by ${input.hostName} (${input.hostEmail}); identity: ${identity}`;
}

export const startInPersonSigningSchema = z
  .object({
    participantPresent: z
      .literal(true, { error: IN_PERSON_MESSAGES.notPresent })
      .describe("The host confirms the participant is with them now (must be true)"),
  })
  .meta({ id: "StartInPersonSigning" });
export type StartInPersonSigning = z.infer<typeof startInPersonSigningSchema>;

export const inPersonSigningLinkSchema = z
  .object({
    signingURL: z
      .string()
      .describe("Open it now on this device: the room for the participant, hosted by you; it works once"),
    expiresAt: z.string().describe("When the link stops working (ISO 8601 time), a few minutes after it was made"),
  })
  .meta({ id: "InPersonSigningLink" });
export type InPersonSigningLink = z.infer<typeof inPersonSigningLinkSchema>;

/** What the room shows of a hosted session (SigningRoom.inPerson). */
export const inPersonRoomSchema = z
  .object({
    hostName: z.string().describe("The member hosting the signing on their device"),
    confirmed: z.boolean().describe("The participant's identity has been confirmed in this session"),
    method: z.enum(IN_PERSON_METHODS).nullable().describe("How it was confirmed; null: not yet"),
    channels: z
      .array(
        z.object({
          channel: z.enum(IN_PERSON_CODE_CHANNELS).describe("EMAIL or SMS"),
          destination: z.string().describe("Where the code goes, masked"),
        }),
      )
      .describe("Where a one-time code can be sent (the participant's email and phone on file)"),
    codeSentTo: z
      .enum(IN_PERSON_CODE_CHANNELS)
      .nullable()
      .describe("The channel the last code went to; null: none sent"),
    hostStatement: z.string().describe("The statement the host ticks when checking an ID"),
    attemptsLeft: z.number().int().describe("Wrong codes left before the participant is locked out"),
    lockedUntil: z.string().nullable().describe("Locked out until this time (ISO 8601); null: not locked"),
  })
  .meta({ id: "InPersonRoom" });
export type InPersonRoom = z.infer<typeof inPersonRoomSchema>;

export const sendInPersonCodeSchema = z
  .object({ channel: z.enum(IN_PERSON_CODE_CHANNELS).describe("EMAIL or SMS: where the one-time code goes") })
  .meta({ id: "SendInPersonCode" });

const text = (description: string) =>
  z.string().trim().min(1, "Required.").max(IN_PERSON_LIMITS.textLength).describe(description);

export const confirmInPersonSchema = z
  .discriminatedUnion("method", [
    z
      .object({
        method: z.literal("CODE").describe("The participant types the one-time code sent to them"),
        code: z
          .string()
          .regex(/^\d{6}$/, "The code is six digits.")
          .describe("The six-digit code"),
      })
      .meta({ id: "InPersonCodeConfirmation" }),
    z
      .object({
        method: z.literal("HOST_ATTESTED_ID").describe("The host checked a government ID in person"),
        idType: z.enum(IN_PERSON_ID_TYPES).describe("DRIVERS_LICENSE, PASSPORT, STATE_ID or OTHER"),
        idTypeOther: z
          .string()
          .trim()
          .max(IN_PERSON_LIMITS.textLength)
          .nullish()
          .describe("OTHER: which ID it is (e.g. Military ID)"),
        idIssuer: text("The issuing state or country"),
        idExpiresOn: z.iso.date("A date as YYYY-MM-DD.").describe("The ID's expiry date (YYYY-MM-DD), not past"),
        statementConfirmed: z
          .literal(true, { error: "The host must tick the statement." })
          .describe("The host ticked 'I, <host name>, checked this person's ID in person' (must be true)"),
      })
      .meta({ id: "InPersonIdAttestation" }),
  ])
  .meta({ id: "ConfirmInPerson" });
export type ConfirmInPerson = z.infer<typeof confirmInPersonSchema>;

export const inPersonConfirmationSchema = z
  .object({ inPerson: inPersonRoomSchema.describe("The hosted session's identity check as it stands now") })
  .meta({ id: "InPersonConfirmation" });

export const inPersonAdminRoutes = {
  startInPersonSigning: define({
    base: "api",
    // participant routes are at v5
    version: 5,
    auth: "user",
    method: "POST",
    path: "/organizations/:orgId/packages/:packageId/participants/:participantId/in-person-signing",
    permission: ["MANAGE_DOCUMENTS_PACKAGES"],
    summary: "Host in-person signing: a single-use, short-lived room link for a participant present with you",
    tags: ["signing room"],
    params: z.object({ orgId: ID.orgId, packageId: ID.packageId, participantId: ID.participantId }),
    body: startInPersonSigningSchema,
    response: inPersonSigningLinkSchema,
    status: 201,
  }),
} as const satisfies Record<string, RouteDef>;

const room = { base: "api", version: 1, auth: "participant", tags: ["signing room"] } as const;

export const inPersonRoomRoutes = {
  sendInPersonCode: define({
    ...room,
    method: "POST",
    path: "/signing/in-person/codes",
    summary: "Hosted session: send a one-time code to the participant's email or phone",
    params: z.object({}),
    body: sendInPersonCodeSchema,
    response: inPersonConfirmationSchema,
    status: 200,
  }),
  confirmInPerson: define({
    ...room,
    method: "POST",
    path: "/signing/in-person/confirmation",
    summary: "Hosted session: confirm who is signing (the code typed back, or the host's ID check)",
    params: z.object({}),
    body: confirmInPersonSchema,
    response: inPersonConfirmationSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
