import { LOAN_NAME, uuidFor } from "./generate.ts";

/** The ids the hand-written examples share, so that one example's package is another's packageId. */
export const IDS = {
  organization: uuidFor("organizationId"),
  package: uuidFor("packageId"),
  participant: uuidFor("participantId"),
  coBorrower: uuidFor("coBorrowerParticipantId"),
  document: uuidFor("documentId"),
  tag: uuidFor("tagId"),
  user: uuidFor("userId"),
  processor: uuidFor("processorUserId"),
  group: uuidFor("groupId"),
  parentGroup: uuidFor("parentGroupId"),
  role: uuidFor("roleId"),
  webhook: uuidFor("webhookEndpointId"),
  event: uuidFor("webhookEventId"),
} as const;

export { LOAN_NAME };
