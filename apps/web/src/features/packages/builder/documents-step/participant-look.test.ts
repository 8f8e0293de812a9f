import { describe, expect, it } from "vitest";
import { PARTICIPANT_COLORS, participantColor, participantName } from "./participant-look.ts";

describe("participant look", () => {
  it.each([
    { givenName: "Maria", middleName: null, familyName: "Lopez", displayName: "BORROWER 1", expected: "Maria Lopez" },
    { givenName: null, middleName: null, familyName: null, displayName: "BORROWER 2", expected: "BORROWER 2" },
    { givenName: " ", middleName: null, familyName: "", displayName: "WITNESS 1", expected: "WITNESS 1" },
  ])("names $displayName as $expected", ({ expected, ...participant }) => {
    expect(participantName(participant)).toBe(expected);
  });

  it("gives each participant its own colour, in the package's order", () => {
    const people = [{ id: "a" }, { id: "b" }];
    expect(participantColor(people, "a")).toBe(PARTICIPANT_COLORS[0]);
    expect(participantColor(people, "b")).toBe(PARTICIPANT_COLORS[1]);
    expect(participantColor(people, "unknown")).toBe(PARTICIPANT_COLORS[0]);
  });
});
