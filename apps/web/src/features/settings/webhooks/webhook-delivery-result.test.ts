import { describe, expect, it } from "vitest";
import { deliveryResult, lastDeliveryWords } from "./webhook-delivery-result.ts";

describe("delivery result in words", () => {
  it.each([
    [{ statusCode: 200, succeeded: true, error: null }, "200 OK", "success"],
    [
      { statusCode: 500, succeeded: false, error: "The receiver answered 500; a 2xx status is expected" },
      "500 error",
      "failure",
    ],
    [
      { statusCode: null, succeeded: false, error: "connect ECONNREFUSED 127.0.0.1:9" },
      "The receiver refused the connection",
      "failure",
    ],
    [
      { statusCode: null, succeeded: false, error: "getaddrinfo ENOTFOUND hooks.example" },
      "The host name could not be found",
      "failure",
    ],
    [
      { statusCode: null, succeeded: false, error: "No answer within 10000 ms" },
      "No answer within 10000 ms",
      "failure",
    ],
    [
      { statusCode: null, succeeded: false, error: "Not sent: the endpoint is suspended" },
      "Not sent: the endpoint is suspended",
      "skipped",
    ],
    [{ statusCode: null, succeeded: false, error: null }, "No answer", "failure"],
  ] as const)("%j → %s", (delivery, label, tone) => {
    expect(deliveryResult(delivery)).toEqual({ label, tone });
  });
});

describe("last delivery", () => {
  const earlier = "2026-11-20T10:00:00.000Z";
  const later = "2026-11-21T10:00:00.000Z";
  it.each([
    [null, null, "No deliveries yet", null],
    [later, earlier, "Delivered", later],
    [earlier, later, "Failed", later],
    [null, earlier, "Failed", earlier],
  ])("success %s, failure %s → %s", (lastSuccessAt, lastFailureAt, label, at) => {
    const words = lastDeliveryWords({ lastSuccessAt, lastFailureAt });
    expect(words.label).toBe(label);
    expect(words.at).toBe(at);
  });
});
