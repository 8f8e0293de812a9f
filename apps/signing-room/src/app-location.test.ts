import { describe, expect, it } from "vitest";
import { pageOf } from "./app-location.ts";

describe("pageOf", () => {
  it("reads an invitation link", () => {
    expect(pageOf("/s/abc123def456", "")).toEqual({ kind: "link", token: "abc123def456" });
    expect(pageOf("/s/abc%2Bdef/", "")).toEqual({ kind: "link", token: "abc+def" });
  });

  it("reads the room, verification and collaboration pages", () => {
    expect(pageOf("/room", "")).toEqual({ kind: "room" });
    expect(pageOf("/room/", "")).toEqual({ kind: "room" });
    expect(pageOf("/verify", "")).toEqual({ kind: "verify" });
    expect(pageOf("/collaboration", "?token=t0k3n")).toEqual({ kind: "collaboration", token: "t0k3n" });
    expect(pageOf("/collaboration", "")).toEqual({ kind: "collaboration", token: null });
  });

  it("shows nothing for anything else", () => {
    expect(pageOf("/", "")).toEqual({ kind: "notFound" });
    expect(pageOf("/s/", "")).toEqual({ kind: "notFound" });
    expect(pageOf("/s/a/b", "")).toEqual({ kind: "notFound" });
    expect(pageOf("/s/%E0%A4%A", "")).toEqual({ kind: "notFound" });
    expect(pageOf("/admin", "")).toEqual({ kind: "notFound" });
  });
});
