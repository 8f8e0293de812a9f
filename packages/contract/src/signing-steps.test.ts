import { describe, expect, it } from "vitest";
import {
  describeSteps,
  dragToStep,
  orderOfSteps,
  parseStepPlace,
  placeInStep,
  signingSteps,
  stepNumberOf,
  stepPlaces,
} from "./signing-steps.ts";

const people = (pairs: [string, number][]) => pairs.map(([id, orderSequence]) => ({ id, orderSequence }));

describe("signing steps", () => {
  it("groups equal numbers into one step and counts steps 1..n whatever gaps the stored numbers have", () => {
    const participants = people([
      ["lender", 7],
      ["borrower", 2],
      ["coBorrower", 2],
      ["agent", 40],
    ]);
    expect(signingSteps(participants).map((step) => step.map((p) => p.id))).toEqual([
      ["borrower", "coBorrower"],
      ["lender"],
      ["agent"],
    ]);
    expect([2, 7, 40].map((sequence) => stepNumberOf(sequence, participants))).toEqual([1, 2, 3]);
  });

  it("saves step k as signingOrder k for each of its participants", () => {
    expect(orderOfSteps([["a", "b"], [], ["c"]])).toEqual([
      { participantUid: "a", signingOrder: 1 },
      { participantUid: "b", signingOrder: 1 },
      { participantUid: "c", signingOrder: 2 },
    ]);
  });

  it("moves a participant into the step above or below, or into a new step, dropping the emptied step", () => {
    const steps = [["a"], ["b"], ["c"]];
    expect(placeInStep(steps, "a", { join: 2 })).toEqual([["b", "a"], ["c"]]);
    expect(placeInStep(steps, "c", { join: 2 })).toEqual([["a"], ["b", "c"]]);
    expect(placeInStep([["a", "b"], ["c"]], "b", { after: 1 })).toEqual([["a"], ["b"], ["c"]]);
    expect(placeInStep([["a", "b"], ["c"]], "b", { after: 0 })).toEqual([["b"], ["a"], ["c"]]);
    expect(placeInStep([["a", "b"], ["c"]], "a", { after: 2 })).toEqual([["b"], ["c"], ["a"]]);
    // out-of-range places clamp rather than lose the participant
    expect(placeInStep([["a"], ["b"]], "a", { join: 9 })).toEqual([["b", "a"]]);
  });

  it("offers every step and every new place, but no no-op place beside a participant's own step", () => {
    const alone = stepPlaces(3, 2, true).map((place) => place.value);
    expect(alone).toEqual(["after:0", "join:1", "join:2", "join:3", "after:3"]);
    const shared = stepPlaces(2, 1, false).map((place) => place.label);
    expect(shared).toEqual([
      "New step before step 1",
      "Step 1",
      "New step after step 1",
      "Step 2",
      "New step at the end",
    ]);
    expect(parseStepPlace("join:2")).toEqual({ join: 2 });
    expect(parseStepPlace("after:0")).toEqual({ after: 0 });
    expect(parseStepPlace("join:x")).toBeNull();
  });

  it("reorders by drag as before when every step holds one participant", () => {
    const steps = [["a"], ["b"], ["c"]];
    expect(dragToStep(steps, "c", "a")).toEqual([["c"], ["a"], ["b"]]);
    expect(dragToStep(steps, "a", "c")).toEqual([["b"], ["c"], ["a"]]);
    expect(dragToStep(steps, "a", "b")).toEqual([["b"], ["a"], ["c"]]);
    expect(dragToStep([["a", "b"], ["c"]], "c", "a")).toEqual([["c"], ["a", "b"]]);
  });

  it("describes the steps in plain words", () => {
    expect(describeSteps([["Ada Lovelace", "Ben Okafor"], ["Lena Lender"]])).toEqual([
      "Step 1: Ada Lovelace, Ben Okafor (in any order)",
      "Step 2: Lena Lender",
    ]);
  });
});
