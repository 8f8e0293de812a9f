import { tokenRequestSchema, tokenResponseSchema } from "../auth.ts";
import { WEB_CLIENT_ID } from "../constants.ts";
import { ERROR_CODES, type ErrorBody, type ErrorCode, errorBodySchema } from "../errors.ts";
import { handWrite, handWriteRequest } from "./generate.ts";

export const SESSION_EXAMPLES = [
  handWriteRequest(tokenRequestSchema, {
    grant_type: "password",
    client_id: WEB_CLIENT_ID,
    username: "grace.hopper@example.com",
    password: "Correct-Horse-Battery-2026",
  }),

  // a signed-in member's token: the web client's password grant with the bearer format
  handWrite(tokenResponseSchema, {
    access_token:
      "eyJhbGciOiJFUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJncmFjZS5ob3BwZXJAZXhhbXBsZS5jb20iLCJleHAiOjE3NzM2NzU4MDB9.c2lnbmF0dXJl",
    token_type: "bearer",
    expires_in: 3600,
    partial: false,
    scope: undefined,
    mfa_token: undefined,
    mfa_methods: undefined,
  }),
  handWrite(errorBodySchema, errorExample("BAD_REQUEST")),
];

/** The body of an error answer with this code, as the API sends it (a bad request names its field). */
export function errorExample(code: ErrorCode): ErrorBody {
  const { status, message } = ERROR_CODES[code];
  return {
    code,
    message,
    status,
    traceId: "0af7651916cd43dd8448eb211c80319c",
    ...(code === "BAD_REQUEST" ? { details: [{ path: "email", message: "Enter a valid email address." }] } : {}),
  };
}
