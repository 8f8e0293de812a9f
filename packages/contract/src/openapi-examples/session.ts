import { tokenRequestSchema, tokenResponseSchema } from "../auth.ts";
import { ERROR_CODES, errorBodySchema } from "../errors.ts";
import { handWrite } from "./generate.ts";

export const SESSION_EXAMPLES = [
  handWrite(tokenRequestSchema, {
    grant_type: "password",
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
  handWrite(errorBodySchema, {
    code: "BAD_REQUEST",
    message: ERROR_CODES.BAD_REQUEST.message,
    status: 400,
    traceId: "0af7651916cd43dd8448eb211c80319c",
    details: [{ path: "email", message: "Enter a valid email address." }],
  }),
];
