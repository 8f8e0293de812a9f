import { describe, expect, it, vi } from "vitest";
import { AccessTokens, TOKEN_LIFETIME_SECONDS } from "./access-tokens.ts";
import { ProtocolError } from "./protocol-error.ts";

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString("base64")}`;

function refusal(run: () => unknown): ProtocolError {
  try {
    run();
  } catch (error) {
    if (error instanceof ProtocolError) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("AccessTokens", () => {
  const tokens = new AccessTokens([
    { clientId: "signet", clientSecret: "s3cret" },
    { clientId: "other client", clientSecret: "a:b" },
  ]);

  it("names the client of a right Basic header, form-decoded (RFC 6749 §2.3.1)", () => {
    expect(tokens.authenticateClient(basic("signet", "s3cret"))).toBe("signet");
    expect(tokens.authenticateClient(basic("other+client", "a%3Ab"))).toBe("other client");
  });

  it("refuses a wrong secret, an unknown client, a malformed header and bad percent-encoding with 401", () => {
    for (const header of [
      basic("signet", "wrong"),
      basic("nobody", "s3cret"),
      "Basic !!!",
      "Bearer abc",
      undefined,
      basic("signet", "%E0%A4%A"),
    ]) {
      const error = refusal(() => tokens.authenticateClient(header));
      expect([error.status, error.code]).toEqual([401, "invalid_client"]);
    }
  });

  it("verifies an issued token until it expires, and refuses unknown ones", () => {
    vi.useFakeTimers();
    try {
      const { token, expiresIn } = tokens.issue("signet");
      expect(expiresIn).toBe(TOKEN_LIFETIME_SECONDS);
      expect(tokens.verify(`Bearer ${token}`)).toBe("signet");
      expect(refusal(() => tokens.verify(`Bearer ${token}x`)).code).toBe("invalid_token");
      expect(refusal(() => tokens.verify(undefined)).code).toBe("invalid_token");
      vi.advanceTimersByTime(TOKEN_LIFETIME_SECONDS * 1000);
      expect(refusal(() => tokens.verify(`Bearer ${token}`)).code).toBe("invalid_token");
    } finally {
      vi.useRealTimers();
    }
  });

  it("forgets every token when revoked, as a restarted service would", () => {
    const { token } = tokens.issue("signet");
    tokens.revokeAll();
    expect(refusal(() => tokens.verify(`Bearer ${token}`)).status).toBe(401);
  });
});
