import { throttleAllows } from "./idle-policy.ts";

export interface ActivityMessage {
  type: "activity";
  at: number;
  /** the activity was a request: the server's idle timer restarted too */
  server: boolean;
}

export interface ActivityChannel {
  postMessage(message: ActivityMessage): void;
}

/**
 * Last activity and last server contact, shared across the tabs of this browser: every tab's clicks
 * and requests push the others' timers forward (spec §4).
 */
export class ActivityTracker {
  lastActivityAt: number;
  lastServerContactAt: number;
  private lastRecordedAt = Number.NEGATIVE_INFINITY;
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly now: () => number,
    private readonly throttleMs: number,
    private readonly channel: ActivityChannel | null,
  ) {
    this.lastActivityAt = now();
    this.lastServerContactAt = this.lastActivityAt;
  }

  /** A click, scroll or key press; throttled. `force` skips the throttle ('Stay logged in'). */
  userActivity(force = false): boolean {
    const now = this.now();
    if (!force && !throttleAllows(now, this.lastRecordedAt, this.throttleMs)) return false;
    this.lastRecordedAt = now;
    this.lastActivityAt = Math.max(this.lastActivityAt, now);
    this.publish({ type: "activity", at: now, server: false });
    return true;
  }

  /** Any HTTP request: activity that the server has seen. */
  serverContact(): void {
    const now = this.now();
    this.lastActivityAt = Math.max(this.lastActivityAt, now);
    this.lastServerContactAt = Math.max(this.lastServerContactAt, now);
    if (throttleAllows(now, this.lastRecordedAt, this.throttleMs)) {
      this.lastRecordedAt = now;
      this.publish({ type: "activity", at: now, server: true });
    } else {
      this.notify();
    }
  }

  /** A fresh session starts a fresh timer. */
  restart(): void {
    const now = this.now();
    this.lastActivityAt = now;
    this.lastServerContactAt = now;
    this.notify();
  }

  /** A message from another tab. */
  receive(message: ActivityMessage): void {
    if (message?.type !== "activity" || typeof message.at !== "number") return;
    this.lastActivityAt = Math.max(this.lastActivityAt, message.at);
    if (message.server) this.lastServerContactAt = Math.max(this.lastServerContactAt, message.at);
    this.notify();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private publish(message: ActivityMessage): void {
    try {
      this.channel?.postMessage(message);
    } catch {
      // a closed channel only loses cross-tab sharing
    }
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
