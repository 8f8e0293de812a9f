import { idCheckedText } from "./in-person.ts";
import { PACKAGE_STATUS_WORDS } from "./package-status.ts";

// Audit events as sentences a compliance officer reads (issue 11 §4): who did what, with every
// other recorded value listed as "label: value". The certificate of completion and the package's
// History panel both write events with this one function.

/** One audit event as the sentence function needs it. */
export interface AuditSentenceInput {
  type: string;
  /** Who acted, already readable (a person's name with role or email); null when Signet itself acted. */
  actor: string | null;
  data: Readonly<Record<string, unknown>>;
  /** Readable names for ids the data holds: documents, participants, sealed files, users. */
  names?: Readonly<Record<string, string>>;
}

export interface AuditSentence {
  /** e.g. "Ada Okafor (Borrower) signed Promissory note." */
  sentence: string;
  /** Whatever the sentence does not say, as readable label and value (never JSON). */
  details: { label: string; value: string }[];
}

/** Reads the event's data; every key it reads is said in the sentence and left out of the details. */
class DataReader {
  readonly used = new Set<string>();
  constructor(
    private readonly data: Readonly<Record<string, unknown>>,
    private readonly names: Readonly<Record<string, string>>,
  ) {}

  has(key: string): boolean {
    return this.data[key] !== undefined && this.data[key] !== null && this.data[key] !== "";
  }
  /** A text value (enum names made readable), or null when absent. */
  text(key: string): string | null {
    if (!this.has(key)) return null;
    this.used.add(key);
    return formatValue(this.data[key], this.names);
  }
  /** The name behind an id (or `fallback` when it is unknown: the id then stays in the details). */
  name(key: string, fallback: string): string {
    const id = this.data[key];
    if (typeof id === "string" && this.names[id]) {
      this.used.add(key);
      return this.names[id];
    }
    return fallback;
  }
  raw(key: string): unknown {
    return this.data[key];
  }
  /** Marks a key as said without reading it (a flag the sentence chose its wording from). */
  said(...keys: string[]): void {
    for (const key of keys) if (key in this.data) this.used.add(key);
  }
}

type Wording = (who: string, d: DataReader) => string;

// statuses as the web shows them, plus the other states the audit data records
const STATE_WORDS: Record<string, string> = {
  ...PACKAGE_STATUS_WORDS,
  SCHEDULED: "Scheduled",
  EXPIRED: "Expired",
  DECLINED: "Declined",
  DELEGATED: "Delegated",
};

/** Words of enum-like values the audit data holds; others are lower-cased word by word. */
const VALUE_WORDS: Record<string, string> = {
  ...STATE_WORDS,
  EMAIL: "email",
  SMS: "text message (SMS)",
  API: "signing URL",
  EMAIL_LINK: "email link",
  SMS_LINK: "text message (SMS) link",
  API_LINK: "signing URL",
  SMS_CODE: "one-time code by text message",
  EMAIL_CODE: "one-time code by email",
  KBA: "knowledge-based questions",
  NONE: "none",
  SIGNATURE: "signature",
  INITIALS: "initials",
  DOCUMENT: "sealed document",
  CERTIFICATE: "certificate of completion",
  E_SIGN: "e-sign",
  VIEW_ONLY: "view only",
  PAPER: "paper",
  CODE_FROM_CONSENT_PDF: "typed the code printed in the consent document",
  DISCLOSURE_SHOWN_IN_ROOM: "pressed I agree under the disclosure shown in the signing room",
  DRAWN: "drawn",
  TYPED: "typed",
  UPLOADED: "uploaded",
};

const KEY_LABELS: Record<string, string> = {
  sha256: "SHA-256",
  sha256Before: "SHA-256 before sealing",
  sha256AtSend: "SHA-256 at send",
  imageSha256: "Image SHA-256",
  valueSha256: "Answer SHA-256",
  consentSha256: "Consent document SHA-256",
  certificateFingerprint: "Certificate fingerprint (SHA-256)",
  ip: "IP address",
  url: "URL",
  parentOrigin: "Embedding page",
  zip: "In the zip of all sealed files",
};

/** 'consentVersion' → 'Consent version', 'participantId' → 'Participant'. */
export function auditDataLabel(key: string): string {
  const known = KEY_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/Ids$/, "s")
    .replace(/Id$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_.-]+/g, " ")
    .toLowerCase()
    .trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

function formatValue(value: unknown, names: Readonly<Record<string, string>>): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "string") {
    if (names[value]) return names[value];
    if (VALUE_WORDS[value]) return VALUE_WORDS[value];
    if (/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(value)) return value.replace(/_/g, " ").toLowerCase();
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "none";
    return value.map((item) => formatValue(item, names)).join("; ");
  }
  if (typeof value === "object") {
    const parts = Object.entries(value as Record<string, unknown>).map(
      ([key, item]) => `${auditDataLabel(key).toLowerCase()} ${formatValue(item, names)}`,
    );
    return parts.length ? `(${parts.join(", ")})` : "none";
  }
  return String(value);
}

const quoted = (text: string | null) => (text ? ` (reason: “${text}”)` : "");
/** " <id>" of the eVault's transaction named in the data, or nothing. */
const vaultTransaction = (d: DataReader) => {
  const id = d.text("vaultTransactionId");
  return id ? ` ${id}` : "";
};
const statusChange = (d: DataReader) => {
  const from = d.text("from");
  const to = d.text("to");
  return from && to ? `: ${from} → ${to}` : to ? `: now ${to}` : "";
};
const participant = (d: DataReader) => d.name("participantId", "a participant");
const document = (d: DataReader) => d.name("documentId", "a document");
const named = (d: DataReader, fallback: string) => {
  const name = d.text("name");
  return name ? `${fallback} “${name}”` : fallback;
};
const idp = (d: DataReader) =>
  d.has("provider") ? `the identity provider “${d.text("provider")}”` : "an identity provider";
const samlIdp = (d: DataReader) =>
  d.has("provider") ? `the SAML provider “${d.text("provider")}”` : "a SAML provider";
/** a provider of either kind, as identity links name it */
const linkedIdp = (d: DataReader) => {
  const kind = d.raw("providerKind");
  d.said("providerKind");
  return kind === "saml" ? samlIdp(d) : idp(d);
};
const TAG_WORDS: Record<string, string> = {
  SIGNATURE: "signature",
  INITIALS: "initials",
  DATE_SIGNED: "date signed",
  TEXT: "text",
  CHECKBOX: "checkbox",
  RADIO: "radio button",
};
const tagWord = (d: DataReader) => {
  const type = d.raw("tagType") ?? d.raw("type");
  if (typeof type !== "string") return "";
  d.said(d.raw("tagType") !== undefined ? "tagType" : "type");
  return `${TAG_WORDS[type] ?? formatValue(type, {})} `;
};

/** The sentence of each audit event type the product writes (its verb phrase after "who"). */
const WORDINGS: Record<string, Wording> = {
  // the package
  "package.created": (who, d) =>
    `${who} created the package${d.has("name") ? ` “${d.text("name")}”` : ""}${d.has("fromTemplate") ? ` from the package template “${d.text("fromTemplate")}”` : ""}.`,
  "package.updated": (who) => `${who} changed the package's settings.`,
  "package.deleted": (who) => `${who} deleted the package.`,
  "package.groups-set": (who) => `${who} changed the groups the package is shared with.`,
  "package.sent": (who, d) => `${who} sent the package for signature${statusChange(d)}.`,
  "package.scheduled": (who, d) => `${who} scheduled the package to become available to signers${statusChange(d)}.`,
  "package.available": (who, d) => `${who} made the package available to signers${statusChange(d)}.`,
  "package.schedule-failed": (who) => `${who} could not make the scheduled package available to signers.`,
  "package.cancelled": (who, d) => {
    const notify = d.raw("notify");
    d.said("notify");
    const notified =
      notify === true ? " (participants notified)" : notify === false ? " (participants not notified)" : "";
    return `${who} cancelled the package${notified}${quoted(d.text("reason"))}${statusChange(d)}.`;
  },
  "package.corrected": (who, d) => `${who} took the package back for correction${statusChange(d)}.`,
  "package.reactivated": (who, d) => `${who} reactivated the package${statusChange(d)}.`,
  "package.completed": (who, d) => {
    const by = d.raw("by");
    d.said("by");
    return by === "finish"
      ? `${who} marked the package as finished${statusChange(d)}.`
      : `${who} completed the package: every participant had finished${statusChange(d)}.`;
  },
  "package.pending-enotary": (who, d) =>
    `${who} completed signing; the package now waits for eNotarization${statusChange(d)}.`,
  // A/V eSign sessions (issue 16 §2, DOMAIN.md §8)
  "package.av-session-started": (who) => `${who} started the A/V session.`,
  "package.av-session-joined": (who) => `${who} joined the A/V session.`,
  "package.av-session-ended": (who) =>
    `${who} ended the A/V session without completing it; the package can be taken up in a new session.`,
  "package.av-session-completed": (who, d) => `${who} completed the A/V session${statusChange(d)}.`,
  "package.av-recording-stored": (who, d) => {
    const sha256 = d.text("sha256") ?? "unknown";
    const seconds = d.text("durationSeconds") ?? "0";
    const until = d.text("retainUntil");
    return `${who} stored the A/V session recording with SHA-256 ${sha256} (${seconds} seconds${until ? `, kept until ${until}` : ""}).`;
  },
  "package.av-recording-downloaded": (who, d) =>
    `${who} downloaded the A/V session recording with SHA-256 ${d.text("sha256") ?? "unknown"}.`,
  // remote online notarization (issue 34 §4)
  "package.notarial-act-marked": (who, d) =>
    `${who} marked ${d.text("documentName") ?? "a document"} for a notarial act (${d.text("actType") ?? "unknown"}).`,
  "package.notarial-act-completed": (who, d) =>
    `${who} performed the notarial act (${d.text("actType") ?? "unknown"}) on ${d.text("documentName") ?? "a document"} and recorded it in the notary journal.`,
  "package.notarial-act-refused": (who, d) => {
    const reason = (d.text("reason") ?? "it was refused").replace(/\.$/, "");
    return `${who} could not perform the notarial act on ${d.text("documentName") ?? "a document"}: ${reason}.`;
  },
  // eDeposit (issue 15 §3, DOMAIN.md §2)
  "package.edeposit-configured": (who, d) => {
    const enabled = d.raw("enabled") === true;
    d.said("enabled");
    return enabled
      ? `${who} set the package to be deposited into an eVault once completed.`
      : `${who} turned off the package's eDeposit.`;
  },
  "package.edeposit-started": (who, d) => `${who} started depositing the package into its eVault${statusChange(d)}.`,
  "package.edeposit-failed": (who, d) => {
    const error = d.text("errorText");
    d.said("errorText");
    return `${who} could not deposit the package: ${d.text("status")?.replace(/_/g, " ").toLowerCase() ?? "a stage failed"}${error ? ` (“${error}”)` : ""}.`;
  },
  "package.edeposit-retried": (who) => `${who} retried the package's failed eDeposit.`,
  "package.edeposit-cancelled": (who, d) =>
    `${who} cancelled the package's eDeposit; its copies are no longer watermarked${statusChange(d)}.`,
  "package.edeposit-voided": (who, d) =>
    `${who} had the eVault void its open transaction${vaultTransaction(d)} for the cancelled eDeposit: the vault holds no authoritative copy.`,
  "package.edeposit-void-refused": (who, d) => {
    const reason = d.text("reason");
    return `${who} could not have the eVault void its transaction${vaultTransaction(d)} for the cancelled eDeposit${reason ? `: “${reason}”` : ""}.`;
  },
  "package.edeposited": (who, d) => {
    const confirmed = d.raw("confirmed") === true;
    d.said("confirmed");
    return confirmed
      ? `${who} confirmed with the eVault that it holds the package, now its authoritative copy${statusChange(d)}.`
      : `${who} deposited the package into its eVault, which now holds the authoritative copy${statusChange(d)}.`;
  },
  "package.edeposit-downloaded": (who) => `${who} downloaded the files deposited into the eVault.`,
  "evault.created": (who, d) => `${who} added ${named(d, "the eVault")}.`,
  "evault.updated": (who) => `${who} changed an eVault's settings.`,
  "evault.deleted": (who, d) => `${who} deleted ${named(d, "the eVault")}.`,
  // closing centers (issue 16 §3)
  "closing-center.created": (who, d) => `${who} added ${named(d, "the closing center")}.`,
  "closing-center.updated": (who, d) => `${who} changed ${named(d, "a closing center")}.`,
  "closing-center.enabled": (who, d) => `${who} enabled ${named(d, "a closing center")}.`,
  "closing-center.disabled": (who, d) =>
    `${who} disabled ${named(d, "a closing center")}; its users no longer see its packages.`,
  "closing-center.deleted": (who, d) => `${who} deleted ${named(d, "a closing center")} and ended its shares.`,
  "closing-center.user-added": (who, d) =>
    `${who} added ${d.text("email") ?? "a user"} to ${named(d, "a closing center")}.`,
  "closing-center.user-enabled": (who, d) =>
    `${who} enabled ${d.text("email") ?? "a user"} of ${named(d, "a closing center")}.`,
  "closing-center.user-disabled": (who, d) =>
    `${who} disabled ${d.text("email") ?? "a user"} of ${named(d, "a closing center")}.`,
  "closing-center.user-removed": (who, d) =>
    `${who} removed ${d.text("email") ?? "a user"} from ${named(d, "a closing center")}.`,
  "package.closing-center-shared": (who, d) => `${who} shared the package with ${named(d, "a closing center")}.`,
  "package.closing-center-share-changed": (who, d) =>
    `${who} changed what ${named(d, "a closing center")} may do on the package.`,
  "package.closing-center-unshared": (who, d) =>
    `${who} stopped sharing the package with ${named(d, "a closing center")}.`,
  // print and mail (issue 16 §4, DOMAIN.md §9)
  "package.mailing-created": (who, d) => {
    const recipient = d.text("recipientName") ?? "a recipient";
    const pages = d.text("pageCount");
    return `${who} had a print set${pages ? ` of ${pages} pages` : ""} made for ${recipient} to be mailed.`;
  },
  "package.mailing-submitted": (who, d) =>
    `${who} sent the print set for ${d.text("recipientName") ?? "a recipient"} to the print vendor.`,
  "package.mailing-submit-failed": (who, d) => {
    const error = d.text("errorText");
    return `${who} could not send the print set for ${d.text("recipientName") ?? "a recipient"} to the print vendor${error ? ` (“${error}”)` : ""}.`;
  },
  "package.mailing-retried": (who, d) =>
    `${who} sent the print set for ${d.text("recipientName") ?? "a recipient"} to the print vendor again.`,
  "package.mailing-milestone": (who, d) => {
    const leg = d.raw("leg") === "RETURN" ? "on its way back" : "on its way out";
    d.said("leg");
    return `${who} reported the mailing to ${d.text("recipientName") ?? "a recipient"} ${leg}: ${d.text("code")?.toLowerCase() ?? "a milestone"}.`;
  },
  "package.mailing-scan-attached": (who, d) =>
    `${who} attached a scan of the wet-signed papers (SHA-256 ${d.text("sha256") ?? "unknown"}) as a copy.`,
  // print fulfillment settings (issue 16 §4)
  "print-fulfillment.updated": (who, d) => {
    const enabled = d.raw("enabled") === true;
    d.said("enabled");
    return `${who} changed the print fulfillment settings${enabled ? "" : " (print fulfillment is off)"}.`;
  },
  "return-address.created": (who, d) => `${who} added ${named(d, "the return address")}.`,
  "return-address.updated": (who, d) => `${who} changed ${named(d, "the return address")}.`,
  "return-address.deleted": (who, d) => `${who} deleted ${named(d, "the return address")}.`,
  "return-envelope.created": (who, d) => `${who} added ${named(d, "the business return envelope")}.`,
  "return-envelope.updated": (who, d) => `${who} changed ${named(d, "the business return envelope")}.`,
  "return-envelope.deleted": (who, d) => `${who} deleted ${named(d, "the business return envelope")}.`,
  "carrier.created": (who, d) => `${who} added ${named(d, "the carrier")}.`,
  "carrier.updated": (who, d) => `${who} changed ${named(d, "the carrier")}.`,
  "carrier.deleted": (who, d) => `${who} deleted ${named(d, "the carrier")}.`,
  "package.expired": (who, d) => `${who} closed the package because it expired${statusChange(d)}.`,
  "package.consent-withdrawn": (who, d) =>
    `${who} withdrew consent to do business electronically, which stopped the package${statusChange(d)}.`,
  "package.reminders-sent": (who, d) => {
    const sent = d.text("sent");
    return sent ? `${who} sent ${sent} invitation reminder(s).` : `${who} sent invitation reminders.`;
  },
  "package.collaboration-link-created": (who) => `${who} created a collaboration link to the package.`,
  "package.sealed": (who, d) => {
    const subject = d.text("certificateSubject");
    return `${who} sealed the signed documents and the certificate of completion${subject ? ` with the certificate of ${subject}` : ""}.`;
  },
  // what the sender builds
  "participant.added": (who, d) => `${who} added ${participant(d)}${d.has("type") ? ` as ${d.text("type")}` : ""}.`,
  "participant.updated": (who, d) => `${who} changed the details of ${participant(d)}.`,
  "participant.removed": (who, d) => `${who} removed ${participant(d)}.`,
  "participants.reordered": (who) => `${who} changed the signing order.`,
  "document.uploaded": (who, d) => `${who} uploaded ${named(d, "a document")}.`,
  "document.added-from-template": (who, d) =>
    `${who} added ${named(d, "a document")} from the document template${d.has("templateName") ? ` “${d.text("templateName")}”` : ""}${d.has("templateVersion") ? ` (version ${d.text("templateVersion")})` : ""}.`,
  "document.updated": (who, d) => `${who} changed ${document(d)}.`,
  "document.deleted": (who, d) => `${who} deleted ${document(d)}.`,
  "documents.reordered": (who) => `${who} changed the order of the documents.`,
  "document.active-content-removed": (who, d) =>
    `${who} removed active content (scripts, actions or embedded files) from ${document(d)}.`,
  "document-participant.set": (who, d) => `${who} changed how ${participant(d)} executes ${document(d)}.`,
  "tag.created": (who, d) => `${who} placed a ${tagWord(d)}field on ${document(d)}.`,
  "tag.updated": (who, d) => `${who} changed a ${tagWord(d)}field on ${document(d)}.`,
  "tag.deleted": (who, d) => `${who} deleted a field from ${document(d)}.`,
  "tags.replaced": (who, d) => `${who} saved the fields of ${document(d)}.`,
  "conditional-rule.created": (who) => `${who} added a conditional rule.`,
  "conditional-rule.deleted": (who) => `${who} deleted a conditional rule.`,
  "data-collection-field.created": (who) => `${who} added a question for participants.`,
  "data-collection-field.updated": (who) => `${who} changed a question for participants.`,
  "data-collection-field.deleted": (who) => `${who} deleted a question for participants.`,
  "data-collection-group.created": (who) => `${who} added a group of questions.`,
  "data-collection-group.updated": (who) => `${who} changed a group of questions.`,
  "data-collection-group.deleted": (who) => `${who} deleted a group of questions.`,
  "stip.created": (who) => `${who} asked participants for a file.`,
  "stip.updated": (who) => `${who} changed a request for a file.`,
  "stip.deleted": (who) => `${who} deleted a request for a file.`,
  "custom-field-value.set": (who) => `${who} set a custom field's value.`,
  "custom-field-value.cleared": (who) => `${who} cleared a custom field's value.`,
  // signing
  "package.signing-step-started": (who, d) =>
    `${who} opened signing step ${d.text("step") ?? "?"}${d.has("participantIds") ? ` for ${d.text("participantIds")}` : ""}.`,
  "participant.invited": (who, d) =>
    `${who} invited ${participant(d)} to sign${d.has("channel") ? ` by ${d.text("channel")}` : ""}.`,
  "participant.signing-url-issued": (who, d) =>
    `${who} issued a signing link for ${participant(d)}${d.has("parentOrigin") ? ` to embed in ${d.text("parentOrigin")}` : ""}.`,
  "participant.authenticated": (who, d) => {
    const method = d.raw("method");
    d.said("participantId", "method");
    const link =
      method === "IN_PERSON_LINK"
        ? "the signing room on the host's device (in person)"
        : method === "API_LINK"
          ? "their signing URL"
          : "the invitation link";
    return `${who} opened ${link}${d.raw("embedded") === true ? " in an embedded signing room" : ""}.`;
  },
  "participant.verification-code-sent": (who, d) => {
    // issue 34 §3: a delegate's code goes by email (EMAIL_CODE); older events have SMS_CODE
    const byEmail = d.raw("method") === "EMAIL_CODE";
    d.said("method");
    return `${who} was sent a one-time verification code by ${byEmail ? "email" : "text message"}${d.has("count") ? ` (code ${d.text("count")})` : ""}.`;
  },
  "participant.in-person-started": (who, d) => {
    const present = d.raw("participantPresent") === true;
    d.said("participantPresent");
    return `${who} started in-person signing for ${participant(d)} on their own device${present ? ", confirming the participant was present" : ""}.`;
  },
  "participant.in-person-code-sent": (who, d) => {
    const channel = d.raw("channel") === "EMAIL" ? "email" : "text message";
    d.said("channel");
    return `${who} was sent a one-time code for in-person signing by ${channel}${d.has("sentTo") ? ` to ${d.text("sentTo")}` : ""}.`;
  },
  "participant.identity-confirmed-in-person": (who, d) => {
    const method = d.raw("method");
    d.said("method", "hostStatement");
    const host = d.name("hostUserId", "the host");
    if (method === "HOST_ATTESTED_ID") {
      const type = idCheckedText({
        idType: String(d.raw("idType")),
        idTypeOther: d.has("idTypeOther") ? String(d.raw("idTypeOther")) : null,
        idIssuer: d.has("idIssuer") ? String(d.raw("idIssuer")) : "issuer not given",
      });
      d.said("idType", "idTypeOther", "idIssuer");
      return `${who}'s identity was confirmed in person: ${host} checked their ID (${type}${d.has("idExpiresOn") ? `, expires ${d.text("idExpiresOn")}` : ""}) and stated so.`;
    }
    const channel = method === "IN_PERSON_CODE_EMAIL" ? "email" : "text message";
    return `${who}'s identity was confirmed in person, hosted by ${host}: they entered the one-time code sent by ${channel}${d.has("sentTo") ? ` to ${d.text("sentTo")}` : ""}.`;
  },
  "participant.verified": (who, d) =>
    `${who} verified their identity${d.has("method") ? ` (${d.text("method")})` : ""}.`,
  "participant.verification-failed": (who, d) =>
    `${who} failed identity verification${d.has("method") ? ` (${d.text("method")})` : ""}${d.has("attempt") ? `, attempt ${d.text("attempt")}` : ""}.`,
  "participant.verification-locked": (who, d) =>
    `${who} was locked out after ${d.has("attempt") ? `${d.text("attempt")} ` : ""}wrong verification attempts.`,
  "participant.identity-proofing-started": (who) => `${who} started identity verification for the A/V session.`,
  "participant.identity-proofing-passed": (who, d) =>
    `${who} passed identity verification (${d.text("correctCount") ?? "?"} of ${d.text("questionCount") ?? "5"} correct).`,
  "participant.identity-proofing-failed": (who, d) =>
    `${who} failed identity verification (${d.text("correctCount") ?? "?"} of ${d.text("questionCount") ?? "5"} correct).`,
  "participant.identity-proofing-locked": (who, d) =>
    `${who} was locked out of identity verification until ${d.text("until") ?? "later"}.`,
  "participant.identity-proofing-expired": (who) => `${who} ran out of time answering the identity questions.`,
  "participant.identity-proofing-interrupted": (who) =>
    `${who}'s identity questions could not be scored: the identity service did not answer (no attempt used).`,
  "participant.identity-check-unmatched": (who) =>
    `${who} gave identity details that matched no record at the identity service.`,
  "participant.consent-granted": (who, d) =>
    `${who} consented to do business electronically${d.has("consentVersion") ? ` (consent version ${d.text("consentVersion")})` : ""}.`,
  "participant.consent-code-wrong": (who, d) =>
    `${who} entered a wrong consent code${d.has("consentVersion") ? ` (consent version ${d.text("consentVersion")})` : ""}.`,
  "participant.consent-withdrawn": (who, d) =>
    `${who} withdrew consent to do business electronically${quoted(d.text("reason"))}.`,
  "participant.signature-adopted": (who, d) => {
    const kind = d.raw("kind") === "INITIALS" ? "initials" : "signature";
    const method = d.raw("method");
    d.said("kind", "method");
    const how = typeof method === "string" && VALUE_WORDS[method] ? `${VALUE_WORDS[method]} ` : "";
    return `${who} adopted ${how ? `a ${how}` : "a "}${kind}.`;
  },
  "document.viewed": (who, d) => `${who} reviewed ${document(d)}.`,
  "tag.signed": (who, d) => {
    const initials = (d.raw("tagType") ?? d.raw("type")) === "INITIALS";
    d.said("tagType");
    return `${who} ${initials ? "initialled" : "signed"} ${document(d)}.`;
  },
  "tag.filled": (who, d) => `${who} filled in a ${tagWord(d)}field on ${document(d)}.`,
  "tag.cleared": (who, d) => `${who} cleared a ${tagWord(d)}field on ${document(d)}.`,
  "data-collection.answered": (who, d) => {
    const answered = d.raw("answered") !== false;
    d.said("answered");
    return answered ? `${who} answered a question.` : `${who} cleared an answer.`;
  },
  "stip.uploaded": (who, d) =>
    `${who} uploaded a requested file${d.has("fileName") ? ` “${d.text("fileName")}”` : ""}.`,
  "stip.active-content-removed": (who) => `${who} had active content removed from a file they uploaded.`,
  "stip.removed": (who) => `${who} removed a file they had uploaded.`,
  "participant.declined": (who, d) => `${who} declined to sign${quoted(d.text("reason"))}.`,
  "participant.delegated": (who, d) => {
    const to = d.name("delegateParticipantId", d.text("delegateName") ?? "another person");
    d.said("delegateParticipantId");
    return `${who} handed their part to ${to}${quoted(d.text("reason"))}.`;
  },
  "participant.finished": (who, d) =>
    `${who} finished signing${d.has("filledTags") ? ` (${d.text("filledTags")} field(s) filled)` : ""}.`,
  // issue 34 §2b: the witness attested the named signer's signature
  "participant.witnessed": (who, d) =>
    `${who} signed as a witness to ${d.name("witnessedParticipantId", "a signer")}${d.has("witnessTags") ? ` (${d.text("witnessTags")} witness tag(s))` : ""}.`,
  "copy.issued": (who, d) => {
    const inZip = d.raw("zip") === true;
    d.said("zip");
    const what = d.name("artifactId", "a sealed file");
    return `${who} downloaded ${what}${inZip ? " in the zip of all sealed files" : ""}.`;
  },
  "collaboration.document-viewed": (who, d) => `${who} viewed ${document(d)} through a collaboration link.`,
  // watermarked copies and watermark settings (issue 15 §4, DOMAIN.md §7)
  "copy.watermarked": (who, d) => {
    const name = d.text("documentName");
    const requester = d.text("requester");
    return `${who} received a watermarked copy of ${name ? `“${name}”` : document(d)}${requester && requester !== who ? ` (requested by ${requester})` : ""}.`;
  },
  "watermark-template.created": (who, d) => `${who} added ${named(d, "the watermark template")}.`,
  "watermark-template.updated": (who, d) => `${who} changed ${named(d, "the watermark template")}.`,
  "watermark-template.deleted": (who, d) => `${who} deleted ${named(d, "the watermark template")}.`,
  "watermark-template.default-updated": (who) =>
    `${who} changed the system default watermark, which every organization without its own uses.`,
  "watermark-rules.replaced": (who, d) =>
    `${who} saved the watermark rules${d.has("count") ? ` (${d.text("count")} rule(s))` : ""}.`,
  // the organization and its people
  "organization.created": (who, d) => `${who} created the organization${d.has("name") ? ` “${d.text("name")}”` : ""}.`,
  "organization.updated": (who) => `${who} changed the organization's details.`,
  "organization.deactivated": (who) => `${who} deactivated the organization.`,
  "organization.reactivated": (who) => `${who} reactivated the organization.`,
  "organization.selected": (who) => `${who} switched to this organization.`,
  "organization.settings-updated": (who) => `${who} changed the organization's package settings.`,
  "organization.signing-room-settings-updated": (who) => `${who} changed the signing room settings.`,
  "organization.metadata-created": (who, d) => `${who} set the organization settings ${d.text("settings") ?? ""}.`,
  "organization.metadata-updated": (who, d) => `${who} changed the organization settings ${d.text("settings") ?? ""}.`,
  "organization.metadata-reset": (who, d) =>
    `${who} restored the default of the organization setting ${d.text("settingName") ?? ""}.`,
  "organization.logo-uploaded": (who, d) =>
    `${who} uploaded the organization's logo${d.has("fileName") ? ` ${d.text("fileName")}` : ""} (${d.text("contentType") ?? "image"}, ${d.text("sizeBytes") ?? "?"} bytes).`,
  "organization.configuration-exported": (who) => `${who} exported the organization's configuration.`,
  "organization.configuration-imported": (who, d) =>
    `${who} imported the organization's configuration${d.has("sourceOrganization") ? ` from “${d.text("sourceOrganization")}”` : ""}: ${d.text("created") ?? "0"} created, ${d.text("changed") ?? "0"} changed.`,
  "organization.custom-consent-uploaded": (who, d) =>
    `${who} uploaded a custom eSign consent${d.has("version") ? ` (version ${d.text("version")})` : ""}.`,
  "organization.custom-consent-active-content-removed": (who) =>
    `${who} had active content removed from the uploaded custom eSign consent.`,
  "organization.notary-profile-saved": (who, d) =>
    `${who} saved the notary profile of ${d.text("notaryName") ?? "a notary"} (commission ${d.text("commissionNumber") ?? "unknown"}).`,
  "organization.seal-certificate-uploaded": (who, d) =>
    d.has("replacedFingerprint")
      ? `${who} replaced the organization's seal certificate: new seals use the new one, earlier seals still verify.`
      : `${who} uploaded the organization's own seal certificate.`,
  "organization.seal-certificate-removed": (who) => `${who} went back to Signet's seal certificate.`,
  "custom-field.created": (who, d) => `${who} defined ${named(d, "a custom field")}.`,
  "custom-field.updated": (who, d) => `${who} changed ${named(d, "a custom field")}.`,
  "custom-field.archived": (who, d) => `${who} archived ${named(d, "a custom field")}.`,
  "group.created": (who, d) => `${who} created ${named(d, "a group")}.`,
  "group.updated": (who, d) => `${who} changed ${named(d, "a group")}.`,
  "group.deleted": (who, d) => `${who} deleted ${named(d, "a group")}.`,
  "group.moved": (who) => `${who} moved a group.`,
  "group.members-added": (who) => `${who} added members to a group.`,
  "group.member-removed": (who) => `${who} removed a member from a group.`,
  "group.member-roles-set": (who) => `${who} changed a group member's roles.`,
  "group.role-assigned": (who) => `${who} assigned a role to a group.`,
  "group.role-unassigned": (who) => `${who} took a role away from a group.`,
  "role.created": (who, d) => `${who} created ${named(d, "a role")}.`,
  "role.updated": (who, d) => `${who} changed ${named(d, "a role")}.`,
  "role.deleted": (who, d) => `${who} deleted ${named(d, "a role")}.`,
  "user.invited": (who, d) => `${who} invited ${d.has("email") ? d.text("email") : "a user"} to the organization.`,
  "user.invitation-resent": (who) => `${who} sent an invitation to the organization again.`,
  "user.invitation-revoked": (who) => `${who} withdrew an invitation to the organization.`,
  "user.updated": (who) => `${who} changed a user's profile.`,
  "user.deactivated": (who) => `${who} deactivated a user.`,
  "user.reactivated": (who) => `${who} reactivated a user.`,
  "user.unlocked": (who) => `${who} unlocked a user's account.`,
  "user.membership-added": (who) => `${who} added a user to the organization.`,
  // a person's account belongs to the person (issue 30 §1)
  "user.membership-requested": (who, d) =>
    `${who} asked ${d.has("email") ? d.text("email") : "a person with an account"} to join the organization.`,
  "invitation.declined": (who) => `${who} declined an invitation to the organization.`,
  "identity-link.requested": (who, d) =>
    `${who} signed in through ${linkedIdp(d)}, which was not linked to their account: a link to confirm it was emailed to the account's address.`,
  "identity-link.created": (who, d) => {
    const linkedBy = d.raw("linkedBy");
    const how =
      linkedBy === "jit"
        ? "when the provider created the account"
        : linkedBy === "password"
          ? "signed in with their own password"
          : "by the emailed link";
    d.said("linkedBy");
    return `${who}'s account was linked to ${linkedIdp(d)} ${how}.`;
  },
  "identity-link.removed": (who, d) => `${who} unlinked the account from ${linkedIdp(d)}.`,
  "account.own-sign-in-required": (who, d) =>
    `${who} was refused ${d.has("change") ? `a change (${d.text("change")})` : "a change"} to the account's own sign-in methods: the session came through an identity provider.`,
  "user.password-reset-sent": (who) => `${who} sent a user a password reset email.`,
  "invitation.accepted": (who) => `${who} accepted an invitation to the organization.`,
  "invitation.registered": (who) => `${who} registered through an invitation.`,
  "invitation.verification-failed": (who) => `${who} gave a wrong invitation code.`,
  "password.changed": (who) => `${who} changed their password.`,
  "password-reset.requested": (who) => `${who} asked for a password reset.`,
  "password-reset.completed": (who) => `${who} set a new password with a reset link.`,
  "sign-in.succeeded": (who) => `${who} signed in.`,
  "sign-in.failed": (who) => `${who} failed to sign in.`,
  "sign-in.refused": (who) => `${who} was refused sign-in.`,
  "account.locked": (who, d) =>
    `${who}'s account was locked${d.has("failedAttempts") ? ` after ${d.text("failedAttempts")} failed sign-ins` : ""}.`,
  "signed-out": (who) => `${who} signed out.`,
  // a second factor (issue 12 §4)
  "sign-in.second-factor-required": (who, d) => {
    const through =
      d.raw("firstFactor") === "fed" ? "signed in through an identity provider" : "gave the right password";
    d.said("firstFactor");
    return `${who} ${through}; a second factor was asked for.`;
  },
  "sign-in.second-factor-failed": (who) => `${who} gave a wrong second-factor code.`,
  "mfa.sms-code-sent": (who) => `${who} was texted a one-time code.`,
  "mfa.authenticator-added": (who) => `${who} added an authenticator app as a second factor.`,
  "mfa.authenticator-removed": (who) => `${who} removed their authenticator app.`,
  "mfa.phone-set": (who) => `${who} set a new MFA phone number (not verified yet).`,
  "mfa.phone-verified": (who) => `${who} verified their MFA phone number with a texted code.`,
  "mfa.phone-removed": (who) => `${who} removed their MFA phone number.`,
  "mfa.recovery-codes-generated": (who) => `${who} created new recovery codes.`,
  "mfa.recovery-code-used": (who) => `${who} signed in with a recovery code.`,
  "mfa.reset-by-administrator": (who) => `${who} reset a user's second factors.`,
  // sign-in through an organization's OpenID Connect identity provider (issue 12 §2)
  "sign-in.oidc-refused": (who, d) => `${who} was refused sign-in through ${idp(d)}.`,
  "user.created-at-sign-in": (who, d) =>
    `${who} signed in through ${idp(d)} for the first time and was added as a new user.`,
  "session.ended-by-identity-provider": (who, d) => `${who}'s session ended: ${idp(d)} no longer vouched for them.`,
  "identity-provider.created": (who, d) => `${who} added ${named(d, "the identity provider")}.`,
  "identity-provider.updated": (who, d) => `${who} changed ${named(d, "an identity provider")}.`,
  "identity-provider.deleted": (who, d) => `${who} removed ${named(d, "an identity provider")}.`,
  "identity-provider.tested": (who, d) => `${who} tested the connection to ${named(d, "an identity provider")}.`,
  // SAML identity providers (issue 12 §3)
  "sign-in.saml-refused": (who, d) => `${who} was refused sign-in through ${samlIdp(d)}.`,
  "saml-provider.created": (who, d) => `${who} added ${named(d, "the SAML provider")}.`,
  "saml-provider.updated": (who, d) => `${who} changed ${named(d, "a SAML provider")}.`,
  "saml-provider.deleted": (who, d) => `${who} removed ${named(d, "a SAML provider")}.`,
  // integrations: API users and their clients, webhooks
  "api-user.created": (who, d) => `${who} created ${named(d, "an API user")}.`,
  "api-user.updated": (who, d) => `${who} changed ${named(d, "an API user")}.`,
  "api-user.deactivated": (who, d) => `${who} deactivated ${named(d, "an API user")}.`,
  "api-user.reactivated": (who, d) => `${who} reactivated ${named(d, "an API user")}.`,
  "api-client.created": (who, d) => `${who} created ${named(d, "an API client")}.`,
  "api-client.updated": (who, d) => `${who} changed ${named(d, "an API client")}.`,
  "api-client.deleted": (who, d) => `${who} deleted ${named(d, "an API client")}.`,
  "api-client.secret-added": (who) => `${who} added a secret to an API client.`,
  "api-client.secret-revoked": (who) => `${who} revoked an API client's secret.`,
  "webhook.created": (who, d) => `${who} added a webhook${d.has("url") ? ` to ${d.text("url")}` : ""}.`,
  "webhook.updated": (who) => `${who} changed a webhook.`,
  "webhook.deleted": (who) => `${who} deleted a webhook.`,
  "webhook.suspended": (who, d) => {
    const automatic = d.raw("automatic") === true;
    d.said("automatic");
    return automatic ? "Signet suspended a webhook after its deliveries kept failing." : `${who} suspended a webhook.`;
  },
  "webhook.suspended-all": (who) => `${who} suspended every webhook of the organization.`,
  "webhook.resumed": (who) => `${who} resumed a webhook.`,
  "webhook.secret-rotated": (who) => `${who} rotated a webhook's signing secret.`,
  "webhook.test-sent": (who) => `${who} sent a test event to a webhook.`,
  "webhook.redelivered": (who) => `${who} sent a webhook delivery again.`,
  "email-template.created": (who, d) => `${who} added ${named(d, "an email template")}.`,
  "document-template.created": (who, d) => `${who} added ${named(d, "the document template")}.`,
  "document-template.updated": (who, d) => `${who} changed ${named(d, "the document template")}.`,
  "document-template.published": (who, d) =>
    `${who} published${d.has("templateVersion") ? ` version ${d.text("templateVersion")} of` : ""} ${named(d, "the document template")}.`,
  "document-template.activated": (who, d) => `${who} activated ${named(d, "the document template")}.`,
  "document-template.deactivated": (who, d) => `${who} deactivated ${named(d, "the document template")}.`,
  "document-template.deleted": (who, d) => `${who} deleted ${named(d, "the document template")}.`,
  "package-template.created": (who, d) => `${who} added ${named(d, "the package template")}.`,
  "package-template.updated": (who, d) => `${who} changed ${named(d, "the package template")}.`,
  "package-template.activated": (who, d) => `${who} activated ${named(d, "the package template")}.`,
  "package-template.deactivated": (who, d) => `${who} deactivated ${named(d, "the package template")}.`,
  "package-template.deleted": (who, d) => `${who} deleted ${named(d, "the package template")}.`,
  "email-template.updated": (who, d) => `${who} changed ${named(d, "an email template")}.`,
  "email-template.restored": (who, d) => `${who} restored the default text of ${named(d, "an email template")}.`,
  "email-template.deleted": (who, d) => `${who} deleted ${named(d, "an email template")}.`,
  "email-settings.updated": (who) => `${who} changed the email settings.`,
  // bulk send (issue 13 §5)
  "bulk-send.started": (who, d) => {
    const rows = d.text("rows");
    const template = d.has("templateName") ? ` from the package template “${d.text("templateName")}”` : "";
    return `${who} started a bulk send of ${rows ?? "the"} row(s)${template}${d.has("fileName") ? ` (file “${d.text("fileName")}”)` : ""}.`;
  },
  "bulk-send.cancelled": (who, d) =>
    `${who} cancelled a bulk send${d.has("templateName") ? ` from the package template “${d.text("templateName")}”` : ""}${d.has("fileName") ? ` (file “${d.text("fileName")}”)` : ""}.`,
  // automatic reminders and email notification rules (issue 14 §2)
  "package.automatic-reminder-sent": (who, d) => {
    d.said("kind");
    const count = d.text("sent");
    return `${who} sent automatic reminder ${d.text("number") ?? ""}${count ? ` to ${count} participant(s)` : ""}.`;
  },
  "package.expiring-soon-sent": (who, d) => {
    const count = d.text("sent");
    return `${who} told ${count ?? "the"} participant(s) still to finish that the package expires soon.`;
  },
  "package.reminder-settings-updated": (who, d) =>
    d.raw("useOrganizationDefaults") === true
      ? `${who} set the package's reminders to the organization's defaults.`
      : `${who} changed the package's reminder settings.`,
  "email-notification.created": (who, d) => `${who} added ${named(d, "an email notification")}.`,
  "email-notification.updated": (who, d) => `${who} changed ${named(d, "an email notification")}.`,
  "email-notification.deleted": (who, d) => `${who} deleted ${named(d, "an email notification")}.`,
  // operations (support users)
  "outbox.requeued": (who, d) =>
    `${who} put the parked ${d.text("jobName") ?? "background"} job back in line for the ${d.text("queue") ?? "job"} queue.`,
  // key rotation (issue 18 §4): the installation's own stream
  "key.rotated": (who, d) => {
    const purpose = KEY_PURPOSE_WORDS[String(d.raw("purpose"))];
    if (purpose) d.said("purpose");
    return `${who} recorded a new ${purpose ?? "key"} in use.`;
  },
  "key.field-values-reencrypted": (who, d) =>
    `${who} re-encrypted ${d.text("reencrypted") ?? "the"} stored secrets with the current field encryption key.`,
};

/** What each rotated key is, in words (`key.rotated`). */
const KEY_PURPOSE_WORDS: Record<string, string> = {
  "auth-secret": "signing secret (AUTH_SECRET)",
  "field-encryption-key": "field encryption key",
  "system-seal-certificate": "system seal certificate",
};

/** Every audit event type with its own wording (the unit test checks the product writes no other). */
export const AUDIT_EVENT_TYPES_WITH_SENTENCES = Object.keys(WORDINGS);

/** 'package.schedule-failed' → 'package schedule failed' (the fallback of an unknown type). */
function typeWords(type: string): string {
  return (
    type
      .replace(/[.\-_]+/g, " ")
      .trim()
      .toLowerCase() || "an event"
  );
}

/**
 * An audit event as a sentence and the details the sentence leaves out. Who is the actor's name
 * (or Signet when the system acted); when and from where are the event's own columns.
 */
export function auditSentence(input: AuditSentenceInput): AuditSentence {
  const names = input.names ?? {};
  const who = input.actor?.trim() || "Signet";
  const reader = new DataReader(input.data ?? {}, names);
  const wording = WORDINGS[input.type];
  const sentence = wording ? wording(who, reader) : `${who}: ${typeWords(input.type)}.`;
  const details = Object.entries(input.data ?? {})
    .filter(([key, value]) => !reader.used.has(key) && value !== undefined)
    .map(([key, value]) => ({ label: auditDataLabel(key), value: formatValue(value, names) }));
  return { sentence: sentence.charAt(0).toUpperCase() + sentence.slice(1), details };
}

/** The details as one line of text: 'Label: value · Label: value'. */
export function auditDetailsText(details: AuditSentence["details"]): string {
  return details.map((detail) => `${detail.label}: ${detail.value}`).join(" · ");
}
