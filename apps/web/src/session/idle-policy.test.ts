import { describe, expect, it } from "vitest";
import { idlePhase, idleSettings, keepAliveDue, throttleAllows } from "./idle-policy.ts";

describe("idleSettings", () => {
  it.each([
    [900, 120, { idleMs: 900_000, countdownMs: 120_000, throttleMs: 1000, keepAliveMs: 60_000 }],
    [8, 4, { idleMs: 8000, countdownMs: 4000, throttleMs: 1000, keepAliveMs: 2000 }],
    [5, 10, { idleMs: 5000, countdownMs: 5000, throttleMs: 1000, keepAliveMs: 1000 }],
    [0, 120, { idleMs: 900_000, countdownMs: 120_000, throttleMs: 1000, keepAliveMs: 60_000 }],
    [120, -1, { idleMs: 120_000, countdownMs: 0, throttleMs: 1000, keepAliveMs: 60_000 }],
  ])("idle %is countdown %is", (idle, countdown, expected) => {
    expect(idleSettings(idle, countdown)).toEqual(expected);
  });
});

describe("idlePhase", () => {
  const s = idleSettings(900, 120);
  it.each([
    [0, { phase: "active", warnInMs: 780_000 }],
    [779_999, { phase: "active", warnInMs: 1 }],
    [780_000, { phase: "warning", remainingMs: 120_000 }],
    [899_000, { phase: "warning", remainingMs: 1000 }],
    [900_000, { phase: "expired" }],
    [1_000_000, { phase: "expired" }],
    [-5000, { phase: "active", warnInMs: 780_000 }],
  ])("%i ms after activity", (elapsed, expected) => {
    expect(idlePhase(10_000 + elapsed, 10_000, s)).toEqual(expected);
  });
});

describe("throttleAllows", () => {
  it.each([
    [1000, 0, true],
    [999, 0, false],
    [5000, Number.NEGATIVE_INFINITY, true],
    [5000, 4500, false],
  ])("now %i last %i", (now, last, expected) => {
    expect(throttleAllows(now, last, 1000)).toBe(expected);
  });
});

describe("keepAliveDue", () => {
  it.each([
    ["no activity since the last request", 70_000, 0, 0, false],
    ["activity, a minute after the last request", 60_000, 30_000, 0, true],
    ["activity, too soon after the last request", 59_999, 30_000, 0, false],
    ["the last request was the activity", 120_000, 50_000, 50_000, false],
  ])("%s", (_label, now, activity, server, expected) => {
    expect(keepAliveDue(now, activity, server, 60_000)).toBe(expected);
  });
});
