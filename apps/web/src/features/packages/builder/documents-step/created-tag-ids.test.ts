import { describe, expect, it } from "vitest";
import { createdIds } from "./created-tag-ids.ts";

const at = (
  x: number,
  y: number,
  more: Partial<{ type: "SIGNATURE" | "DATE_SIGNED"; participantId: string }> = {},
) => ({
  page: 1,
  type: "SIGNATURE" as const,
  participantId: "p1",
  x,
  y,
  ...more,
});

describe("ids of created tags", () => {
  it("matches new tags by page, type, participant and place; kept tags keep theirs", () => {
    const sent = [
      { key: "k-kept", id: "t-kept", ...at(10, 10) },
      { key: "k-a", ...at(100, 200) },
      { key: "k-b", ...at(100, 200, { type: "DATE_SIGNED" }) },
      { key: "k-c", ...at(300.2, 50, { participantId: "p2" }) },
    ];
    const saved = [
      { id: "t-kept", ...at(10, 10) },
      { id: "t-c", ...at(300, 50, { participantId: "p2" }) },
      { id: "t-b", ...at(100, 200, { type: "DATE_SIGNED" }) },
      { id: "t-a", ...at(100, 200) },
    ];
    expect([...createdIds(sent, saved)]).toEqual([
      ["k-a", "t-a"],
      ["k-b", "t-b"],
      ["k-c", "t-c"],
    ]);
  });

  it("claims each saved tag once, even for two tags in one place", () => {
    const sent = [
      { key: "k1", ...at(5, 5) },
      { key: "k2", ...at(5, 5) },
    ];
    const ids = createdIds(sent, [
      { id: "t1", ...at(5, 5) },
      { id: "t2", ...at(5, 5) },
    ]);
    expect(new Set(ids.values())).toEqual(new Set(["t1", "t2"]));
  });

  it("leaves a tag without a match without an id", () => {
    expect(createdIds([{ key: "k", ...at(1, 1) }], [{ id: "t", ...at(50, 50) }]).size).toBe(0);
  });
});
