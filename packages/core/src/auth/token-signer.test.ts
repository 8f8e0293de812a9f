import { decodeProtectedHeader, jwtVerify } from "jose";
import { describe, expect, it } from "vitest";
import { AppError } from "../errors/app-error.ts";
import { createTokenSigner, TOKEN_AUDIENCE } from "./token-signer.ts";

const SECRET = "a-secret-of-at-least-thirty-two-characters";
const ISSUER = "https://signet.example";

const body = {
  sub: "ana@example.com",
  client_id: "signet-web",
  roles: ["ADMIN"],
  oid: "00000000-0000-4000-8000-000000000001",
  o: "Lender — Ünïcode",
  home_oid: "00000000-0000-4000-8000-000000000001",
  uid: "00000000-0000-4000-8000-000000000002",
  orgs: ["00000000-0000-4000-8000-000000000001"],
  org_enabled: true,
  partial: false,
  mfa_enrolled: false,
  family_name: "García",
  given_name: "Ana",
  middle_name: null,
  name_suffix: null,
  email: "ana@example.com",
  phone_number: null,
  account_non_locked: true,
  credentials_non_expired: true,
  support_user: false,
  jti: "token-1",
};

const key = (secret: string) => new TextEncoder().encode(secret);

describe("token signer", () => {
  it("signs an HS256 JWT that jose verifies with the secret, claims unchanged", async () => {
    const signer = createTokenSigner(SECRET, ISSUER);
    const { token, claims } = await signer.sign(body, 600);
    expect(decodeProtectedHeader(token)).toEqual({ alg: "HS256", typ: "JWT" });
    const { payload } = await jwtVerify(token, key(SECRET), { issuer: ISSUER, audience: TOKEN_AUDIENCE });
    expect(payload).toEqual(claims);
    expect(claims).toMatchObject({ ...body, iss: ISSUER, aud: TOKEN_AUDIENCE });
    expect(claims.exp - claims.iat).toBe(600);
    expect(await signer.verify(token)).toEqual(claims);
  });

  it("refuses a token whose payload or signature was changed, or signed with another secret", async () => {
    const signer = createTokenSigner(SECRET, ISSUER);
    const { token } = await signer.sign(body, 600);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), roles: ["SUPPORT"] }),
    ).toString("base64url");
    await expect(signer.verify(`${header}.${forged}.${signature}`)).rejects.toBeInstanceOf(AppError);
    const flipped = `${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    await expect(signer.verify(`${header}.${payload}.${flipped}`)).rejects.toBeInstanceOf(AppError);
    const other = await createTokenSigner("another-secret-of-thirty-two-characters", ISSUER).sign(body, 600);
    await expect(signer.verify(other.token)).rejects.toBeInstanceOf(AppError);
  });

  it("still verifies a token signed with a previous secret, and refuses an expired one", async () => {
    const previous = await createTokenSigner(SECRET, ISSUER).sign(body, 600);
    const rotated = createTokenSigner("the-next-secret-of-thirty-two-characters", ISSUER, [SECRET]);
    expect((await rotated.verify(previous.token)).jti).toBe("token-1");
    const expired = await createTokenSigner(SECRET, ISSUER).sign(body, -10);
    await expect(createTokenSigner(SECRET, ISSUER).verify(expired.token)).rejects.toBeInstanceOf(AppError);
  });
});
