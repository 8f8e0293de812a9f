import { describe, expect, it } from "vitest";
import { notificationKindWords } from "./notification-kinds.ts";
import { notificationSearchSchema } from "./notification-search.ts";

describe("notification search", () => {
  it("keeps valid filters and drops malformed ones", () => {
    expect(
      notificationSearchSchema.read({
        status: "FAILED",
        from: "2026-11-01",
        to: "yesterday",
        page: "2",
        channel: "FAX",
      }),
    ).toEqual({ status: "FAILED", from: "2026-11-01", page: 2 });
  });

  it.each([
    ["invitation", "Package invitation"],
    ["verification-code", "Verification code (text message)"],
    ["some-new_kind", "Some new kind"],
  ])("names %s as %s", (kind, words) => {
    expect(notificationKindWords(kind)).toBe(words);
  });
});
