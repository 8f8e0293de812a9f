import { SIGNING_ROOM_HEADER, signingRoomRoutes } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { buildRequest } from "./request.ts";

describe("buildRequest", () => {
  it("reads without the write header or a body", () => {
    const request = buildRequest(signingRoomRoutes.getSigningRoom, {});
    expect(request.url).toBe("/api/v1/signing/room");
    expect(request.init.method).toBe("GET");
    expect(request.init.credentials).toBe("same-origin");
    expect(request.init.headers[SIGNING_ROOM_HEADER]).toBeUndefined();
    expect(request.init.body).toBeUndefined();
  });

  it("writes with the signing-room header and a JSON body", () => {
    const request = buildRequest(signingRoomRoutes.openSigningSession, { body: { token: "abcdefghijkl" } });
    expect(request.url).toBe("/api/v1/signing/sessions");
    expect(request.init.headers[SIGNING_ROOM_HEADER]).toBe("1");
    expect(request.init.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request.init.body ?? "")).toEqual({ token: "abcdefghijkl" });
  });

  it("fills path parameters and sends the header on bodiless writes", () => {
    const id = "5b3c6a8e-51f4-4a52-9d5c-6c6a8a5f3b11";
    const request = buildRequest(signingRoomRoutes.reviewDocument, { params: { documentId: id } });
    expect(request.url).toBe(`/api/v1/signing/documents/${id}/review`);
    expect(request.init.headers[SIGNING_ROOM_HEADER]).toBe("1");
    expect(request.init.headers["content-type"]).toBeUndefined();
    const leave = buildRequest(signingRoomRoutes.endSigningSession, {});
    expect(leave.init.method).toBe("DELETE");
    expect(leave.init.headers[SIGNING_ROOM_HEADER]).toBe("1");
  });
});

describe("ApiError.fromBody", () => {
  it("reads the API's error body", () => {
    const error = ApiError.fromBody(
      400,
      { code: "BAD_REQUEST", message: "Bad", status: 400, traceId: "t1", details: [{ path: "code", message: "x" }] },
      null,
    );
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.traceId).toBe("t1");
    expect(error.details).toEqual([{ path: "code", message: "x" }]);
  });

  it("copes with a body that is not the API's", () => {
    const error = ApiError.fromBody(502, "<html>", "trace");
    expect(error.code).toBe("HTTP_502");
    expect(error.traceId).toBe("trace");
    expect(error.details).toEqual([]);
  });
});
