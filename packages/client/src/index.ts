export { routes } from "@signet/contract";
export { parseRetryAfter, RETRYABLE_STATUSES, retryDelay } from "./retry-policy.ts";
export { SignetApiError, type SignetErrorDetail } from "./signet-api-error.ts";
export {
  type CallInput,
  type CallResult,
  createSignetClient,
  type DownloadInput,
  type MultipartRoute,
  type SignetClient,
  type SignetClientOptions,
  type UploadFile,
  type UploadInput,
} from "./signet-client.ts";
