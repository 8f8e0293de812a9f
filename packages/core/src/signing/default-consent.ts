import { createHash } from "node:crypto";

// The product's own e-sign disclosure (ESIGN Act 15 U.S.C. 7001(c), DOMAIN.md §3): the right to
// paper and how to get it, withdrawal and its consequences, scope, keeping contact details current,
// and the hardware and software needed. Changing any word is a new version: participants consent again.

export const DEFAULT_CONSENT_VERSION = "default-2";

// The day the default texts last changed, shown to participants as "last updated" (version 2: the
// code instructions left the disclosure, since the code is now an organization option).
export const DEFAULT_CONSENT_UPDATED_ON = "2026-11-29";

export const DEFAULT_CONSENT_TEXT = {
  en: [
    "Before you sign electronically, please read this disclosure. It explains your rights when you use electronic records and signatures instead of paper.",
    "Scope. Your consent covers the documents of this transaction only: the package the sender shared with you. It does not cover other transactions.",
    "Paper copies. You may ask the sender for a paper copy of any document at any time, at no charge. Contact the sender using the details in your invitation.",
    "Withdrawing consent. You may withdraw your consent at any time before you finish, using 'Withdraw consent' in the signing room. What you already signed stays valid; the sender is told and the remaining documents can be completed on paper. Withdrawing may delay the transaction.",
    "Keeping your details current. If your email address or phone number changes, tell the sender so that notices reach you.",
    "What you need. A current web browser (Chrome, Edge, Firefox or Safari) with cookies and JavaScript on, a PDF reader to open the documents, an email address or mobile phone to receive your link, and a printer or storage to keep copies.",
    "By agreeing, you consent to use electronic records and signatures for this transaction.",
  ],
  es: [
    "Antes de firmar electrónicamente, lea esta divulgación. Explica sus derechos al usar registros y firmas electrónicos en lugar de papel.",
    "Alcance. Su consentimiento cubre solo los documentos de esta transacción: el paquete que el remitente compartió con usted. No cubre otras transacciones.",
    "Copias en papel. Puede pedir al remitente una copia en papel de cualquier documento en cualquier momento, sin costo. Comuníquese con el remitente con los datos de su invitación.",
    "Retirar el consentimiento. Puede retirar su consentimiento en cualquier momento antes de terminar, con 'Retirar consentimiento' en la sala de firma. Lo que ya firmó sigue siendo válido; se avisa al remitente y los documentos restantes pueden completarse en papel. Retirarlo puede retrasar la transacción.",
    "Mantener sus datos al día. Si cambia su correo electrónico o su teléfono, avise al remitente para que los avisos le lleguen.",
    "Lo que necesita. Un navegador actual (Chrome, Edge, Firefox o Safari) con cookies y JavaScript activados, un lector de PDF para abrir los documentos, un correo electrónico o teléfono móvil para recibir su enlace, y una impresora o almacenamiento para guardar copias.",
    "Al aceptar, usted consiente usar registros y firmas electrónicos para esta transacción.",
  ],
} as const;

/** SHA-256 of the exact texts, stored with every consent given to this version. */
export const DEFAULT_CONSENT_SHA256 = createHash("sha256").update(JSON.stringify(DEFAULT_CONSENT_TEXT)).digest("hex");

// A participant who only reviews (reviewsOnly, issue 11 §2) still consents: ESIGN 7001(c) covers
// records provided electronically instead of on paper, and they receive records. The same rights,
// worded for receiving and reviewing; its own version, so its agreement is told apart in the record.
export const DEFAULT_REVIEW_CONSENT_VERSION = "default-review-2";

export const DEFAULT_REVIEW_CONSENT_TEXT = {
  en: [
    "Before you receive and review your documents electronically, please read this disclosure. It explains your rights when you receive electronic records instead of paper.",
    "Scope. Your consent covers the documents of this transaction only: the package the sender shared with you. It does not cover other transactions.",
    "Paper copies. You may ask the sender for a paper copy of any document at any time, at no charge. Contact the sender using the details in your invitation.",
    "Withdrawing consent. You may withdraw your consent at any time before you finish, using 'Withdraw consent' in the menu. The sender is told and can send you the documents on paper. Withdrawing may delay the transaction.",
    "Keeping your details current. If your email address or phone number changes, tell the sender so that notices reach you.",
    "What you need. A current web browser (Chrome, Edge, Firefox or Safari) with cookies and JavaScript on, a PDF reader to open the documents, an email address or mobile phone to receive your link, and a printer or storage to keep copies.",
    "By agreeing, you consent to receive and review the records of this transaction electronically.",
  ],
  es: [
    "Antes de recibir y revisar sus documentos electrónicamente, lea esta divulgación. Explica sus derechos al recibir registros electrónicos en lugar de papel.",
    "Alcance. Su consentimiento cubre solo los documentos de esta transacción: el paquete que el remitente compartió con usted. No cubre otras transacciones.",
    "Copias en papel. Puede pedir al remitente una copia en papel de cualquier documento en cualquier momento, sin costo. Comuníquese con el remitente con los datos de su invitación.",
    "Retirar el consentimiento. Puede retirar su consentimiento en cualquier momento antes de terminar, con 'Retirar consentimiento' en el menú. Se avisa al remitente, que puede enviarle los documentos en papel. Retirarlo puede retrasar la transacción.",
    "Mantener sus datos al día. Si cambia su correo electrónico o su teléfono, avise al remitente para que los avisos le lleguen.",
    "Lo que necesita. Un navegador actual (Chrome, Edge, Firefox o Safari) con cookies y JavaScript activados, un lector de PDF para abrir los documentos, un correo electrónico o teléfono móvil para recibir su enlace, y una impresora o almacenamiento para guardar copias.",
    "Al aceptar, usted consiente recibir y revisar electrónicamente los registros de esta transacción.",
  ],
} as const;

export const DEFAULT_REVIEW_CONSENT_SHA256 = createHash("sha256")
  .update(JSON.stringify(DEFAULT_REVIEW_CONSENT_TEXT))
  .digest("hex");

/** The default disclosure a participant reads: the review wording when they only review. */
export function defaultConsentText(reviewOnly: boolean) {
  return reviewOnly ? DEFAULT_REVIEW_CONSENT_TEXT : DEFAULT_CONSENT_TEXT;
}
