import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("uses the documented defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 8080, SESSION_IDLE_TIMEOUT_SECONDS: 900, TOKEN_LIFETIME_SECONDS: 86400 });
    expect(config.cookies).toEqual({ payload: "signet_payload", signature: "signet_signature", csrf: "XSRF-TOKEN" });
    expect(config.secureCookies).toBe(false);
  });

  it("gives __Secure- cookie names exactly when the public URL is https", () => {
    const config = loadConfig({ PUBLIC_URL: "https://sign.example.com/" });
    expect(config.publicUrl).toBe("https://sign.example.com");
    expect(config.secureCookies).toBe(true);
    expect(Object.values(config.cookies).every((name) => name.startsWith("__Secure-"))).toBe(true);
  });

  it("lists every invalid variable", () => {
    expect(() => loadConfig({ PORT: "eighty", AUTH_SECRET: "short" })).toThrow(/PORT[\s\S]*AUTH_SECRET/);
  });

  it("requires the real services in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /DATABASE_URL[\s\S]*SMTP_URL[\s\S]*AUTH_SECRET[\s\S]*SEAL_P12_PATH/,
    );
    const ok = loadConfig({
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://db/signet",
      SMTP_URL: "smtp://mail:25",
      AUTH_SECRET: "x".repeat(32),
      SEAL_P12_PATH: "/etc/signet/seal.p12",
    });
    expect(ok.NODE_ENV).toBe("production");
  });
});

describe("WORKER_PORT", () => {
  it("is unset when empty or absent (the worker then picks its default), a port otherwise", () => {
    expect(loadConfig({}).WORKER_PORT).toBeUndefined();
    expect(loadConfig({ WORKER_PORT: "" }).WORKER_PORT).toBeUndefined();
    expect(loadConfig({ WORKER_PORT: "9100" }).WORKER_PORT).toBe(9100);
    expect(() => loadConfig({ WORKER_PORT: "http" })).toThrow(/WORKER_PORT/);
  });
});
