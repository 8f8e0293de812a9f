import { MESSAGES } from "@signet/contract";
import { ApiError } from "./api-error.ts";

/**
 * Spec §7: a created resource's id is the last segment of the Location header; a missing header is
 * treated as 404 not found.
 */
export function createdIdFromLocation(location: string | null | undefined, traceId: string | null = null): string {
  const path = (location ?? "").split(/[?#]/)[0]!.replace(/\/+$/, "");
  const id = path.slice(path.lastIndexOf("/") + 1);
  if (!id) throw new ApiError({ status: 404, code: "NOT_FOUND", message: MESSAGES.notFound, traceId });
  return decodeURIComponent(id);
}
