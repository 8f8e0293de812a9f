// The user-facing message catalogue (spec §8). The product name in messages is Signet.
export const MESSAGES = {
  network: "Unable to connect to the server. Please try submitting the form again.",
  badRequest: "Bad request.",
  internal:
    "Signet encountered an internal error. Please try again. If this continues to occur, please contact your administrator.",
  somethingWrong: "Something went wrong!",
  invalidCredentials: "Invalid credentials. If you continue to receive this error, please contact your administrator.",
  internalService: "Internal service error...",
  accountLocked:
    "Your account is locked after too many failed sign-in attempts. Try again later or contact your administrator.",
  tooManyAttempts: "Too many sign-in attempts. Please wait a minute and try again.",
  /** a rate limit other than sign-in's: each limited route names what it limited */
  tooManyRequests: "Too many requests. Please wait a minute and try again.",
  tooManySignUpAttempts: "Too many sign-up attempts. Please wait a minute and try again.",
  tooManyPasswordResets: "Too many password reset requests. Please wait a minute and try again.",
  tooManySealVerifications: "Too many seal verifications. Please wait a minute and try again.",
  tooManySigningLinkOpens: "Too many attempts to open a signing link. Please wait a minute and try again.",
  tooManyNewLinkRequests: "Too many requests for a new signing link. Please wait a minute and try again.",
  invitationNotFound: "Invitation not found.",
  accountAlreadyCreated: "Account already created.",
  emailNotFound: "Email Id not found.",
  emailNotFoundOrLinkExpired: "Email Id not found or link is expired.",
  passwordPreviouslyUsed: "Password previously used",
  wrongCurrentPassword: "wrong current password",
  userAlreadyExists: "This user already exists.",
  payloadCookieMissing: "Unable to find payload cookie for logged in user",
  userNotEnabledForOrg: "User is not enabled for this org",
  notAJwt: "Invalid token specified: the token is not a JWT (it must have three dot-separated parts)",
  illegalBase64Url: "Illegal base64url string",
  invalidExecutionType: "String value is not a valid execution type",
  versionNotMatched: "Version not matched",
  actionNotCompleted: "This action could not be completed. Please try again.",
  serviceDownTitle: "We have encountered a problem.",
  serviceDown: "The service is currently unavailable. Please contact support at {phone}.",
  notFound: "Not found.",
  unauthorized: "Your session has ended. Please sign in again.",
  forbidden: "You do not have permission to perform this action.",
  csrf: "Missing or invalid anti-forgery token.",
  credentialsExpired: "Your password has expired. Please change it to continue.",
  organizationNotSelected: "Please select an organization to continue.",
  passwordPolicy:
    "Password must be at least 12 characters and contain an upper-case letter, a lower-case letter and a digit.",
  passwordsDoNotMatch: "Passwords do not match.",
  passwordReset: "Password created. You can now sign in with your new password.",
  resetRequested: "If an account exists for that email address, we have sent a link to reset its password.",
  unsupportedApiVersion: "This API version is not supported for this path.",
  unsavedChangesTitle: "Unsaved changes",
  unsavedChangesExit: "You have unsaved changes. Are you sure you want to exit?",
  unsavedChangesDiscard: "You have unsaved changes. Are you sure you want to discard them?",
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** Spec §2 "Session Expiry modal": its words as the spec quotes them (they win over our sentence case). */
export const SESSION_EXPIRY_TEXTS = {
  title: "Session Expiry",
  lead: "Your session will expire in",
  stay: "Stay logged in",
  logOut: "Log out",
} as const;

/** Issue 33 §4: what the app says while the connection is down (a banner above the page). */
export const CONNECTION_TEXTS = {
  offlineTitle: "You are offline",
  offlineBody:
    "This page stays as it is. Changes cannot reach Signet until the connection is back; a page you open meanwhile opens then.",
} as const;

/** Fills `{name}` placeholders (e.g. the configured support phone). */
export function formatMessage(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
