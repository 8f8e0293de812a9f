// Issue 36 §4: every message spec §8 quotes ("Messages users see"), with the catalogue constant
// that carries it. The spec's words win over our style guide for these ('SmartSign' reads Signet).
// apps/api/test/spec-messages.test.ts holds each constant to its quote, and fails when no test of the API, the
// browser journeys or the web app names a placed message (a message nobody provokes).

export interface SpecMessage {
  /** the text as spec §8 quotes it */
  quote: string;
  /**
   * the catalogue constant (export.key of the contract) that says it; null: not placed yet, because
   * the spec names no situation for it and no use case of ours meets one (see the closing notes)
   */
  ref: string | null;
  /** the spec's group of the message */
  area: string;
}

export const SPEC_MESSAGES: readonly SpecMessage[] = [
  {
    quote: "Unable to connect to the server. Please try submitting the form again.",
    ref: "MESSAGES.network",
    area: "network",
  },
  { quote: "Bad request.", ref: "MESSAGES.badRequest", area: "generic" },
  {
    quote:
      "Signet encountered an internal error. Please try again. If this continues to occur, please contact your administrator.",
    ref: "MESSAGES.internal",
    area: "generic",
  },
  { quote: "Something went wrong!", ref: "MESSAGES.somethingWrong", area: "generic" },
  {
    quote: "Invalid credentials. If you continue to receive this error, please contact your administrator.",
    ref: "MESSAGES.invalidCredentials",
    area: "sign-in",
  },
  { quote: "Internal service error...", ref: "MESSAGES.internalService", area: "sign-in" },
  { quote: "Invitation not found.", ref: "MESSAGES.invitationNotFound", area: "accounts" },
  { quote: "Account already created.", ref: "MESSAGES.accountAlreadyCreated", area: "accounts" },
  { quote: "Email Id not found.", ref: "MESSAGES.emailNotFound", area: "accounts" },
  { quote: "Email Id not found or link is expired.", ref: "MESSAGES.emailNotFoundOrLinkExpired", area: "accounts" },
  { quote: "Password previously used", ref: "MESSAGES.passwordPreviouslyUsed", area: "accounts" },
  { quote: "wrong current password", ref: "MESSAGES.wrongCurrentPassword", area: "accounts" },
  { quote: "This user already exists.", ref: "MESSAGES.userAlreadyExists", area: "accounts" },
  { quote: "Unable to find payload cookie for logged in user", ref: "MESSAGES.payloadCookieMissing", area: "session" },
  { quote: "User is not enabled for this org", ref: "MESSAGES.userNotEnabledForOrg", area: "session" },
  { quote: "Illegal base64url string", ref: "MESSAGES.illegalBase64Url", area: "session" },
  { quote: "String value is not a valid execution type", ref: "MESSAGES.invalidExecutionType", area: "session" },
  { quote: "Member already added", ref: "MEMBERSHIP_MESSAGES.memberAlreadyAdded", area: "members" },
  { quote: "Member already removed", ref: "MEMBERSHIP_MESSAGES.memberAlreadyRemoved", area: "members" },
  { quote: "Group already added", ref: "GROUP_MESSAGES.groupAlreadyAdded", area: "members" },
  { quote: "Selected group not found.", ref: "GROUP_MESSAGES.selectedGroupNotFound", area: "members" },
  {
    quote: "Member/group/organization not found.",
    ref: "MEMBERSHIP_MESSAGES.memberGroupOrganizationNotFound",
    area: "members",
  },
  {
    quote: "Member is already added or role is already assigned.",
    ref: "ROLE_MESSAGES.memberOrRoleAlreadyAssigned",
    area: "members",
  },
  {
    quote: "Role is not found or version not matched.",
    ref: "ROLE_MESSAGES.roleNotFoundOrVersionNotMatched",
    area: "members",
  },
  { quote: "Role assign/unassign error", ref: null, area: "members" },
  { quote: "Roles assign unsuccessful", ref: "MEMBERSHIP_MESSAGES.rolesAssignUnsuccessful", area: "members" },
  { quote: "Role/Organization not found", ref: "ROLE_MESSAGES.roleOrganizationNotFound", area: "members" },
  { quote: "Group/Organization not found", ref: "GROUP_MESSAGES.groupOrganizationNotFound", area: "members" },
  { quote: "Role not found", ref: "ROLE_MESSAGES.roleNotFound", area: "members" },
  { quote: "Version not matched", ref: "MESSAGES.versionNotMatched", area: "members" },
  { quote: "Upload failed.", ref: "DOCUMENT_MESSAGES.uploadFailed", area: "files" },
  { quote: "File upload has been cancelled.", ref: "DOCUMENT_MESSAGES.uploadCancelled", area: "files" },
  { quote: "Delete unsuccessful as file not found.", ref: "DOCUMENT_MESSAGES.deleteNotFound", area: "files" },
  { quote: "Not able to get package details.", ref: "PACKAGE_MESSAGES.packageNotFound", area: "packages" },
  { quote: "Version not matched.", ref: "PACKAGE_MESSAGES.versionNotMatched", area: "packages" },
  { quote: "Package/organization/customField not found.", ref: "CUSTOM_FIELD_MESSAGES.notFound", area: "packages" },
  {
    quote: "Already created or type not matched.",
    ref: "CUSTOM_FIELD_MESSAGES.alreadyCreatedOrTypeNotMatched",
    area: "packages",
  },
  {
    quote: "No document found for current package.",
    ref: "DOCUMENT_API_MESSAGES.noDocumentInPackage",
    area: "packages",
  },
  { quote: "Version not matched or participant is already added in the document Type.", ref: null, area: "packages" },
  { quote: "package/organization not found or service not available.", ref: null, area: "packages" },
  { quote: "Organization/Settings not found.", ref: "SETTING_METADATA_MESSAGES.settingNotFound", area: "packages" },
  { quote: "Organization/package/document/tag not found", ref: "TAG_MESSAGES.tagNotFound", area: "packages" },
  {
    quote: "Already Created or version not matched.",
    ref: "CUSTOM_FIELD_MESSAGES.alreadyCreatedOrVersionNotMatched",
    area: "packages",
  },
  {
    quote: "This action could not be completed. Please try again.",
    ref: "MESSAGES.actionNotCompleted",
    area: "generic",
  },
  { quote: "Request unsuccessful", ref: null, area: "generic" },
  { quote: "We have encountered a problem.", ref: "MESSAGES.serviceDownTitle", area: "service down" },
  { quote: "SMARTDoc eNote error(s)", ref: "DOCUMENT_API_MESSAGES.smartDocErrors", area: "smart doc" },
  { quote: "Upload failed", ref: null, area: "smart doc" },
];
