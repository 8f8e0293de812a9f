/** The query key of the organization's email notification rules (the list and the editor's refresh). */
export const rulesKey = (orgId: string) => ["settings", orgId, "email-notifications"];
