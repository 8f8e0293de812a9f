import { describe, expect, it } from "vitest";
import { type ActivityMessage, ActivityTracker } from "./activity-tracker.ts";

function setup() {
  let now = 100_000;
  const sent: ActivityMessage[] = [];
  const tracker = new ActivityTracker(() => now, 1000, { postMessage: (m) => sent.push(m) });
  return { tracker, sent, advance: (ms: number) => (now += ms), now: () => now };
}

describe("ActivityTracker", () => {
  it("throttles user activity to once a second and shares it", () => {
    const { tracker, sent, advance } = setup();
    const recorded = [0, 300, 400, 300, 1000].map((ms) => {
      advance(ms);
      return tracker.userActivity();
    });
    expect(recorded).toEqual([true, false, false, true, true]);
    expect(sent.map((m) => m.at)).toEqual([100_000, 101_000, 102_000]);
    expect(sent.every((m) => !m.server)).toBe(true);
    expect(tracker.lastActivityAt).toBe(102_000);
    expect(tracker.lastServerContactAt).toBe(100_000);
  });

  it("'Stay logged in' bypasses the throttle", () => {
    const { tracker, advance } = setup();
    tracker.userActivity();
    advance(10);
    expect(tracker.userActivity(true)).toBe(true);
  });

  it("requests move both clocks even inside the throttle window", () => {
    const { tracker, sent, advance } = setup();
    tracker.userActivity();
    advance(200);
    tracker.serverContact();
    expect(tracker.lastServerContactAt).toBe(100_200);
    expect(tracker.lastActivityAt).toBe(100_200);
    expect(sent).toHaveLength(1);
    advance(1000);
    tracker.serverContact();
    expect(sent.at(-1)).toEqual({ type: "activity", at: 101_200, server: true });
  });

  it.each<[string, ActivityMessage, number, number]>([
    ["newer user activity", { type: "activity", at: 105_000, server: false }, 105_000, 100_000],
    ["newer request", { type: "activity", at: 105_000, server: true }, 105_000, 105_000],
    ["older message", { type: "activity", at: 90_000, server: true }, 100_000, 100_000],
  ])("another tab's %s", (_label, message, activity, server) => {
    const { tracker } = setup();
    tracker.receive(message);
    expect(tracker.lastActivityAt).toBe(activity);
    expect(tracker.lastServerContactAt).toBe(server);
  });

  it("notifies subscribers", () => {
    const { tracker } = setup();
    let calls = 0;
    const off = tracker.subscribe(() => calls++);
    tracker.userActivity();
    tracker.receive({ type: "activity", at: 1, server: false });
    off();
    tracker.restart();
    expect(calls).toBe(2);
  });
});
