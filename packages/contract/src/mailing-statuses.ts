// A mailing's statuses, apart from the print-mail contract: the web's mailing report validates its URL
// with them before its page loads.

/**
 * A mailing's status: QUEUED until the vendor accepts the job (SUBMIT_FAILED after a refused or
 * unanswered submission), then the last milestone; RETURNED when the signed papers came back.
 */
export const MAILING_STATUSES = [
  "QUEUED",
  "SUBMIT_FAILED",
  "SUBMITTED",
  "PRINTING",
  "MAILED",
  "DELIVERED",
  "RETURNED",
  "RETURNED_TO_SENDER",
  "FAILED",
] as const;
export type MailingStatus = (typeof MAILING_STATUSES)[number];
export const MAILING_STATUS_WORDS: Record<MailingStatus, string> = {
  QUEUED: "Waiting to be sent to the printer",
  SUBMIT_FAILED: "Not accepted by the printer",
  SUBMITTED: "Accepted by the printer",
  PRINTING: "Printing",
  MAILED: "Mailed",
  DELIVERED: "Delivered to the recipient",
  RETURNED: "Signed papers received back",
  RETURNED_TO_SENDER: "Returned to sender",
  FAILED: "Failed",
};
