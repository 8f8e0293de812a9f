import { API_CLIENT_MESSAGES } from "@signet/contract";
import type { Prisma } from "../db/generated/client.ts";
import type { Db } from "../db/index.ts";
import { AppError } from "../errors/app-error.ts";
import { apiClientInclude } from "./present-api-clients.ts";

type Reader = Db | Prisma.TransactionClient;

/** An API user of this organization, or 404: other tenants' ids are never confirmed. */
export async function findApiUser(db: Reader, organizationId: string, apiUserId: string) {
  const apiUser = await db.apiUser.findFirst({ where: { userId: apiUserId, organizationId } });
  if (!apiUser) throw new AppError("NOT_FOUND", API_CLIENT_MESSAGES.apiUserNotFound);
  return apiUser;
}

/** A client of that API user in this organization, or 404. */
export async function findApiClient(db: Reader, organizationId: string, apiUserId: string, apiClientId: string) {
  const client = await db.apiClient.findFirst({
    where: { id: apiClientId, apiUserId, organizationId },
    include: apiClientInclude,
  });
  if (!client) throw new AppError("NOT_FOUND", API_CLIENT_MESSAGES.apiClientNotFound);
  return client;
}
