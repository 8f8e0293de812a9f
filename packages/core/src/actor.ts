/** Who is acting. Every use case takes one first: tenancy and permissions are decided from it. */
export type Actor = UserActor | AnonymousActor | SystemActor | ParticipantActor;

export interface RequestOrigin {
  ip: string | null;
  userAgent: string | null;
}

export interface UserActor extends RequestOrigin {
  kind: "user";
  userId: string;
  /** organization of the token; null during a partial sign-in */
  organizationId: string | null;
  tokenId: string;
  supportUser: boolean;
  partial: boolean;
  credentialsExpired: boolean;
  /** set when an API user acts through an API client's bearer token (client credentials) */
  apiClient?: { clientId: string; secretId: string };
  /** set when the session came through an organization's identity provider (bound to that organization) */
  identityProviderId?: string;
  /**
   * Request-scoped memo of organization access (permission bits per organization), so the
   * tenancy check at the edge and the permission check in the use case share one query.
   */
  accessMemo?: Map<string, Promise<unknown>>;
  /** the access version of the token's organization, read with the token row (see access-cache.ts) */
  accessVersion?: bigint;
}

export interface AnonymousActor extends RequestOrigin {
  kind: "anonymous";
}

/** A participant in the signing room, acting through one signing session. */
export interface ParticipantActor extends RequestOrigin {
  kind: "participant";
  participantId: string;
  packageId: string;
  organizationId: string;
  sessionId: string;
}

export interface SystemActor {
  kind: "system";
  ip: null;
  userAgent: null;
}

export const systemActor: SystemActor = { kind: "system", ip: null, userAgent: null };
