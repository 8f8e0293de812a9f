// Text that ends up in an email header (a subject, a sender's display name, a package or
// organization name quoted in a subject). A line break there would let the text add headers of its
// own (header injection), and other control characters have no business in one line of text: both
// are refused when the value is written, not cleaned when the mail is sent.

export const MAIL_HEADER_TEXT_MESSAGE =
  "Must be a single line without control characters (it is used in email headers).";

// C0 controls (CR, LF, tab…), DEL, C1 controls, and the Unicode line and paragraph separators
const CONTROL = "\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029";

/** Matches text with no control character; a regex so that the OpenAPI document shows it as a pattern. */
export const MAIL_HEADER_TEXT = new RegExp(`^[^${CONTROL}]*$`);

/** Whether `text` may go into an email header. */
export const isMailHeaderText = (text: string) => MAIL_HEADER_TEXT.test(text);
