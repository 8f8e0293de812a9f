import { routes } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { generatedSource } from "../scripts/generate-resources.ts";
import { resourceTree } from "./resource-names.ts";
import { RESOURCES } from "./resources.generated.ts";

describe("resource names from the route table", () => {
  it("the generated tree is the route table's current naming (run `pnpm --filter @signet/sdk generate` when not)", () => {
    const fresh = JSON.parse(/= (\{[\s\S]*\}) as const;/.exec(generatedSource())![1]!);
    expect(RESOURCES).toEqual(fresh);
  });

  it("names the integrator's common calls by resource and verb", () => {
    const at = (path: string) =>
      path.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part], RESOURCES);
    expect(
      [
        "packages.create",
        "packages.list",
        "packages.send",
        "packages.documents.upload",
        "packages.documents.download",
        "packages.participants.add",
        "packages.sealedArtifacts.download",
        "packages.signingRoomIdentifiers.createUrl",
        "webhooks.rotateSecret",
        "evaults.list",
      ].map(at),
    ).toEqual([
      "createPackage",
      "listPackages",
      "sendPackage",
      "uploadDocument",
      "downloadDocument",
      "addParticipant",
      "downloadSealedArtifact",
      "createSigningUrl",
      "rotateWebhookSecret",
      "listEVaults",
    ]);
  });

  it("gives every route an API client may call exactly one method", () => {
    const leaves = (node: object): string[] =>
      Object.values(node).flatMap((value) => (typeof value === "string" ? [value] : leaves(value)));
    const callable = Object.entries(routes)
      .filter(([, route]) => route.auth === "user" && route.base === "api")
      .map(([key]) => key);
    expect(leaves(RESOURCES).sort()).toEqual(callable.sort());
  });

  it("falls back to the operation name when two routes of a resource would share a name", () => {
    const tree = resourceTree([
      { key: "getThings", method: "GET", path: "/things" },
      { key: "listThingsArchived", method: "GET", path: "/things" },
      { key: "getThing", method: "GET", path: "/things/:thingId" },
      { key: "thingCount", method: "GET", path: "/things/:thingId/count" },
      { key: "verifyWebhook", method: "POST", path: "/webhooks/:id/verify" },
    ]);
    expect(tree).toEqual({
      things: { getThings: "getThings", listArchived: "listThingsArchived", getThing: "getThing", count: "thingCount" },
      webhooks: { verifyWebhook: "verifyWebhook" },
    });
  });
});
