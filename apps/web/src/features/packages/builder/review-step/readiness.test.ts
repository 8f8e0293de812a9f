import type { Document, DocumentParticipant, Participant, Tag } from "@signet/contract";
import { describe, expect, it } from "vitest";
import { readinessProblems } from "./readiness.ts";

const doc = (id: string, executionType: Document["executionType"] = "E_SIGN") => ({ id, executionType }) as Document;
const person = (id: string, extra: Partial<Participant> = {}) =>
  ({
    id,
    displayName: id.toUpperCase(),
    accessMethod: "EMAIL",
    email: `${id}@x.com`,
    phoneNumber: null,
    ...extra,
  }) as Participant;
const signature = (documentId: string, participantId: string) =>
  ({ documentId, participantId, type: "SIGNATURE" }) as Tag;

describe("readinessProblems", () => {
  it("lists missing documents and participants", () => {
    expect(readinessProblems({ documents: [], participants: [], matrix: [], tags: [] }).map((p) => p.step)).toEqual([
      2, 1,
    ]);
  });

  it("names a participant without the contact of their access method", () => {
    const problems = readinessProblems({
      documents: [doc("d", "VIEW_ONLY")],
      participants: [person("a", { accessMethod: "SMS" })],
      matrix: [],
      tags: [],
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toMatch(/^A: /);
  });

  it("needs a signature tag from every e-signer, not from a viewer", () => {
    const matrix = [{ documentId: "d", participantId: "b", executionType: "VIEW_ONLY" }] as DocumentParticipant[];
    const input = { documents: [doc("d")], participants: [person("a"), person("b")], matrix, tags: [] as Tag[] };
    expect(readinessProblems(input).map((p) => p.message)).toEqual(["A has no signature tag on an E-Sign document"]);
    expect(readinessProblems({ ...input, tags: [signature("d", "a")] })).toEqual([]);
  });
});
