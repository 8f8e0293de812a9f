import { describe, expect, it } from "vitest";
import { FaultBook } from "./fault-book.ts";

describe("FaultBook", () => {
  it("uses up a fault one matching request at a time, first queued first", () => {
    const book = new FaultBook<"token" | "submit">();
    book.add({ step: "submit", mode: "fail", count: 2, delayMs: 0 });
    book.add({ step: "submit", mode: "slow", count: 1, delayMs: 50 });
    expect(book.take("token")).toBeNull();
    expect(book.take("submit")?.mode).toBe("fail");
    expect(book.list()).toEqual([
      { step: "submit", mode: "fail", count: 1, delayMs: 0 },
      { step: "submit", mode: "slow", count: 1, delayMs: 50 },
    ]);
    expect(book.take("submit")?.mode).toBe("fail");
    expect(book.take("submit")?.mode).toBe("slow");
    expect(book.take("submit")).toBeNull();
  });

  it("hands out copies: changing a listed fault does not change the book", () => {
    const book = new FaultBook();
    book.add({ step: "token", mode: "timeout", count: 1, delayMs: 0 });
    const [listed] = book.list();
    listed!.count = 99;
    expect(book.take("token")?.count).toBe(0);
    expect(book.list()).toEqual([]);
    book.add({ step: "token", mode: "slow", count: 3, delayMs: 10 });
    book.clear();
    expect(book.list()).toEqual([]);
  });
});
