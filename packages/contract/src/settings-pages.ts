// Issue 13 §2 / spec §8 success toasts of the settings pages, one per page (the spec names each:
// "settings updated for organization, ID verification, session exit, session entry, in-session,
// eSign consent, package expiration, branding, notifications, custom field, signer upload; consent
// or logo uploaded/updated").

export const SETTINGS_TOASTS = {
  organization: "Organization settings updated.",
  idVerification: "ID verification settings updated.",
  sessionExit: "Session exit settings updated.",
  sessionEntry: "Session entry settings updated.",
  inSession: "In-session settings updated.",
  esignConsent: "eSign consent settings updated.",
  packageExpiration: "Package expiration settings updated.",
  packageCollaboration: "Package collaboration updated.",
  branding: "Branding settings updated.",
  notifications: "Notification settings updated.",
  customField: "Custom field updated.",
  signerUpload: "Signer upload settings updated.",
  embeddedSigning: "Embedded signing settings updated.",
  consentUploaded: "Consent uploaded.",
  logoUploaded: "Logo uploaded.",
  /** issue 16 §1: spec §8 'settings updated for … TRID' */
  trid: "TRID settings updated successfully",
} as const;

export const SETTINGS_PAGE_MESSAGES = {
  loadFailed: "The settings could not be loaded. Showing the organization settings.",
  idVerificationConfirmTitle: "Change identity verification?",
  idVerificationConfirm:
    "The new identity verification takes effect when each person next enters the signing room. Participants already verified in an open session are not asked again.",
} as const;
