import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { createdIdFromLocation } from "./created-id.ts";

describe("createdIdFromLocation", () => {
  it.each([
    ["/api/v1/organizations/o1/groups/g-42", "g-42"],
    ["https://signet.example/api/v9/organizations/o1/packages/p1", "p1"],
    ["/api/v1/organizations/o1/roles/r1/", "r1"],
    ["/api/v1/things/a%20b?x=1", "a b"],
    ["plain-id", "plain-id"],
  ])("%s → %s", (location, id) => {
    expect(createdIdFromLocation(location)).toBe(id);
  });

  it.each([[null], [undefined], [""], ["/"]])("%j is treated as 404", (location) => {
    const error = (() => {
      try {
        createdIdFromLocation(location);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
  });
});
