import { SESSION } from "@signet/contract";

// Spec §4 Session and §9: the client-side idle rules, free of timers and DOM so they can be tested.

export interface IdleSettings {
  idleMs: number;
  countdownMs: number;
  throttleMs: number;
  /** at most one keep-alive per this interval, and only after activity the server has not seen */
  keepAliveMs: number;
}

export const MAX_KEEP_ALIVE_MS = 60_000;

export function idleSettings(idleTimeoutSeconds: number, countdownSeconds: number): IdleSettings {
  const idleMs = (idleTimeoutSeconds > 0 ? idleTimeoutSeconds : SESSION.idleTimeoutMinutes * 60) * 1000;
  const countdownMs = Math.min(Math.max(countdownSeconds, 0) * 1000, idleMs);
  // Once a minute, unless the warning would come sooner: then often enough that the server never
  // ends a session the client still counts as active.
  const keepAliveMs = Math.min(MAX_KEEP_ALIVE_MS, Math.max(1000, Math.floor((idleMs - countdownMs) / 2)));
  return { idleMs, countdownMs, throttleMs: SESSION.activityThrottleMs, keepAliveMs };
}

export type IdlePhase =
  | { phase: "active"; warnInMs: number }
  | { phase: "warning"; remainingMs: number }
  | { phase: "expired" };

export function idlePhase(nowMs: number, lastActivityAt: number, s: IdleSettings): IdlePhase {
  const elapsed = Math.max(0, nowMs - lastActivityAt);
  if (elapsed >= s.idleMs) return { phase: "expired" };
  const warnAfter = s.idleMs - s.countdownMs;
  if (elapsed >= warnAfter) return { phase: "warning", remainingMs: s.idleMs - elapsed };
  return { phase: "active", warnInMs: warnAfter - elapsed };
}

/** Activity is recorded at most once per throttle window. */
export function throttleAllows(nowMs: number, lastRecordedAt: number, throttleMs: number): boolean {
  return nowMs - lastRecordedAt >= throttleMs;
}

/** Clicks and keys do not reach the server: send a keep-alive when there was such activity, at most once per interval. */
export function keepAliveDue(
  nowMs: number,
  lastActivityAt: number,
  lastServerContactAt: number,
  keepAliveMs: number,
): boolean {
  return lastActivityAt > lastServerContactAt && nowMs - lastServerContactAt >= keepAliveMs;
}
