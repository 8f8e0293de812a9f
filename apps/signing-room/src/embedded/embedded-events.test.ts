import { describe, expect, it } from "vitest";
import { canonicalOrigin, type EmbeddingContext, embeddedPost } from "./embedded-events.ts";

const context: EmbeddingContext = {
  parentOrigin: "https://lender.example.com",
  packageId: "pkg-1",
  participantId: "part-1",
  framed: true,
};

describe("embeddedPost", () => {
  it("builds the message for the registered parent origin", () => {
    expect(embeddedPost(context, "loaded")).toEqual({
      targetOrigin: "https://lender.example.com",
      message: { source: "signet-signing-room", event: "loaded", packageId: "pkg-1", participantId: "part-1" },
    });
  });

  it("carries a detail, e.g. the error code", () => {
    expect(embeddedPost(context, "error", "SIGNING_CLOSED")?.message).toEqual({
      source: "signet-signing-room",
      event: "error",
      packageId: "pkg-1",
      participantId: "part-1",
      detail: "SIGNING_CLOSED",
    });
  });

  it("posts nothing without a parent origin", () => {
    expect(embeddedPost({ ...context, parentOrigin: null }, "signed")).toBeNull();
    expect(embeddedPost({ ...context, parentOrigin: "" }, "signed")).toBeNull();
  });

  it("posts nothing when the room is not framed", () => {
    expect(embeddedPost({ ...context, framed: false }, "finished")).toBeNull();
  });

  it("never posts to a wildcard or a non-web origin", () => {
    expect(embeddedPost({ ...context, parentOrigin: "*" }, "loaded")).toBeNull();
    expect(embeddedPost({ ...context, parentOrigin: "javascript:alert(1)" }, "loaded")).toBeNull();
    expect(embeddedPost({ ...context, parentOrigin: "not a url" }, "loaded")).toBeNull();
  });

  it("uses the canonical origin", () => {
    expect(canonicalOrigin("https://Lender.Example.com:443/path?q=1")).toBe("https://lender.example.com");
    expect(canonicalOrigin("http://localhost:3000")).toBe("http://localhost:3000");
  });
});
