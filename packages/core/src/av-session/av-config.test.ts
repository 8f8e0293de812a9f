import { describe, expect, it } from "vitest";
import { loadConfig } from "../config/config.ts";

describe("A/V session configuration", () => {
  it("keeps recordings 10 years and uses no ICE server by default", () => {
    const config = loadConfig({});
    expect(config.AV_RECORDING_RETENTION_YEARS).toBe(10);
    expect(config.AV_ICE_SERVERS).toEqual([]);
  });

  it("refuses a retention under 10 years at start", () => {
    expect(() => loadConfig({ AV_RECORDING_RETENTION_YEARS: "9" })).toThrow(
      /AV_RECORDING_RETENTION_YEARS must be at least 10/,
    );
    expect(loadConfig({ AV_RECORDING_RETENTION_YEARS: "12" }).AV_RECORDING_RETENTION_YEARS).toBe(12);
  });

  it("reads TURN servers from JSON and refuses what is not a list of them", () => {
    const turn = [{ urls: ["turn:turn.example.org:3478"], username: "signet", credential: "secret" }];
    expect(loadConfig({ AV_ICE_SERVERS: JSON.stringify(turn) }).AV_ICE_SERVERS).toEqual(turn);
    expect(() => loadConfig({ AV_ICE_SERVERS: "turn:x" })).toThrow(/AV_ICE_SERVERS must be a JSON array/);
    expect(() => loadConfig({ AV_ICE_SERVERS: '{"urls":"stun:x"}' })).toThrow(/AV_ICE_SERVERS/);
  });
});
