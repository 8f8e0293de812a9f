import { describe, expect, it } from "vitest";
import { cleanOrigins, listError } from "./signing-room-form.ts";

describe("signing-room settings form", () => {
  it("names the bad origin with its error", () => {
    expect(listError(undefined, [])).toBeNull();
    expect(listError({ message: "Too big: expected array to have <=20 items" }, [])).toBe(
      "Too big: expected array to have <=20 items",
    );
    expect(listError([undefined, { message: "Invalid URL" }], ["https://a.example", "nope"])).toBe("nope: Invalid URL");
    expect(listError({ 2: { message: "Invalid URL" } }, ["a", "b"])).toBe("Invalid URL");
  });

  it("cleans typed origins", () => {
    expect(cleanOrigins([" https://a.example/ ", "", "https://a.example", "http://b.example:8080"])).toEqual([
      "https://a.example",
      "http://b.example:8080",
    ]);
  });
});
