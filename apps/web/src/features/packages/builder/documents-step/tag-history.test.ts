import { describe, expect, it } from "vitest";
import { HISTORY_LIMIT, record, redo, replacePresent, startHistory, undo } from "./tag-history.ts";

describe("tag history", () => {
  it("undoes and redoes edits in order", () => {
    let history = startHistory(["a"]);
    history = record(history, ["a", "b"]);
    history = record(history, ["a", "b", "c"]);
    history = undo(history);
    expect(history.present).toEqual(["a", "b"]);
    history = undo(history);
    expect(history.present).toEqual(["a"]);
    expect(undo(history)).toBe(history);
    history = redo(history);
    history = redo(history);
    expect(history.present).toEqual(["a", "b", "c"]);
    expect(redo(history)).toBe(history);
  });

  it("drops the redo steps when a new edit follows an undo", () => {
    let history = record(record(startHistory(1), 2), 3);
    history = record(undo(history), 4);
    expect(history.present).toBe(4);
    expect(redo(history).present).toBe(4);
    expect(undo(history).present).toBe(2);
  });

  it.each([
    { merges: ["label:a", "label:a", "label:a"], steps: 1 },
    { merges: ["label:a", "label:b"], steps: 2 },
    { merges: [null, null], steps: 2 },
    { merges: ["label:a", null, "label:a"], steps: 3 },
  ])("merges consecutive edits with one key: $merges", ({ merges, steps }) => {
    let history = startHistory(0);
    merges.forEach((merge, index) => {
      history = record(history, index + 1, merge);
    });
    expect(history.past).toHaveLength(steps);
    expect(history.past[0]).toBe(0);
  });

  it("does not merge across an undo", () => {
    let history = record(record(startHistory(""), "a", "label:x"), "ab", "label:x");
    history = record(undo(history), "z", "label:x");
    expect(history.past).toEqual([""]);
  });

  it("ignores an edit that changes nothing and keeps a bounded past", () => {
    const history = startHistory([1]);
    expect(record(history, history.present)).toBe(history);
    let long = startHistory(0);
    for (let step = 1; step <= HISTORY_LIMIT + 20; step++) long = record(long, step);
    expect(long.past).toHaveLength(HISTORY_LIMIT);
  });

  it("replaces the present without a step, or forgets everything", () => {
    const history = record(startHistory(1), 2);
    expect(replacePresent(history, 3)).toMatchObject({ present: 3, past: [1] });
    expect(replacePresent(history, 3, true)).toMatchObject({ present: 3, past: [], future: [] });
  });
});
