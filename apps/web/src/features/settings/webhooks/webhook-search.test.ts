import type { WebhookEndpoint } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { visibleWebhooks, webhookListSearchSchema } from "./webhook-search.ts";

const endpoint = (url: string, patch: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: url,
  organizationId: "org",
  url,
  description: null,
  eventTypes: ["package.sent"],
  enabled: true,
  suspended: false,
  suspendedAt: null,
  suspendedReason: null,
  failedEventStreak: 0,
  lastSuccessAt: null,
  lastFailureAt: null,
  previousSecretExpiresAt: null,
  version: 1,
  createdAt: "2026-11-01T00:00:00.000Z",
  ...patch,
});

describe("webhook list view", () => {
  const rows = [
    endpoint("https://b.example/x", { suspended: true, lastFailureAt: "2026-11-03T00:00:00.000Z" }),
    endpoint("https://a.example/x", { lastSuccessAt: "2026-11-02T00:00:00.000Z" }),
    endpoint("https://c.example/x"),
  ];
  const urls = (list: WebhookEndpoint[]) => list.map((e) => e.url.slice(8, 9));

  it.each([
    [{}, ["a", "b", "c"]],
    [{ sortDirection: "desc" as const }, ["c", "b", "a"]],
    [{ state: "suspended" as const }, ["b"]],
    [{ state: "active" as const }, ["a", "c"]],
    [{ sortBy: "state" as const }, ["a", "c", "b"]],
    [{ sortBy: "lastDelivery" as const, sortDirection: "desc" as const }, ["b", "a", "c"]],
  ])("%j → %j", (search, expected) => {
    expect(urls(visibleWebhooks(rows, search))).toEqual(expected);
  });

  it("drops malformed search values", () => {
    expect(webhookListSearchSchema.read({ state: "gone", page: "-3", sortBy: "id" })).toEqual({});
  });
});
