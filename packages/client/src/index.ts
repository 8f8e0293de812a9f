export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, routes } from "@signet/contract";
export type { Resources, RouteMethod } from "./resources.ts";
export { parseRetryAfter, RETRYABLE_STATUSES, retryDelay } from "./retry-policy.ts";
export { createSignet, type Signet, type SignetOptions } from "./signet.ts";
export {
  SignetApiError,
  SignetAuthenticationError,
  SignetConflictError,
  type SignetErrorDetail,
  SignetNotFoundError,
  SignetPermissionError,
  SignetRateLimitError,
  SignetServerError,
  SignetValidationError,
} from "./signet-api-error.ts";
export {
  type CallInput,
  type CallResult,
  createSignetClient,
  type DownloadInput,
  type MultipartRoute,
  type RequestOptions,
  type SignetClient,
  type SignetClientOptions,
  type UploadFile,
  type UploadInput,
} from "./signet-client.ts";
export {
  SignetWebhookVerificationError,
  type VerifyOptions,
  verifyWebhook,
  type WebhookHeaders,
} from "./webhooks.ts";
