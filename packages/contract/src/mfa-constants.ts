// The second factor's messages and method names, apart from the MFA schemas and routes: the error
// catalogue and the web's sign-in page need them, and must not pull the MFA contract with them.

export const MFA_MESSAGES = {
  codeInvalid: "That code is not valid. Check it and try again.",
  challengeExpired: "Your sign-in has expired. Please sign in again.",
  enrolmentRequired: "Your organization requires a second factor. Set one up to continue.",
  noPendingAuthenticator: "Start adding the authenticator app again.",
  noPhone: "Add an MFA phone number first.",
  smsNotEnrolled: "Text message codes are not set up for this account.",
  lastFactorRequired: "Your organization requires a second factor: add another one before removing this one.",
  tooManyTexts: "Too many codes were sent. Wait a while, or use another way to sign in.",
  authenticatorAdded: "Authenticator app added",
  authenticatorRemoved: "Authenticator app removed",
  phoneVerified: "Phone number verified",
  phoneRemoved: "Text message codes turned off",
  codeSent: "Code sent",
  recoveryCodesRegenerated: "New recovery codes created",
  resetByAdministrator: "Second factor reset. They set up a new one at their next sign-in.",
  resetHomeOnly: "Only the person's home organization can reset their second factor.",
} as const;

export const MFA_METHODS = ["totp", "sms", "recovery_code"] as const;
