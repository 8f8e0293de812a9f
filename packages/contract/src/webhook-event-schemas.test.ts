import { describe, expect, it } from "vitest";
import {
  WEBHOOK_EVENT_DESCRIPTIONS,
  WEBHOOK_EVENT_SCHEMAS,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  webhookEventComponentName,
} from "./webhooks.ts";

const base = {
  id: "3f0c1b7e-4b7a-4c1e-9d2a-1a2b3c4d5e6f",
  timestamp: "2026-11-29T12:00:00.000Z",
};
const organizationId = "8a1f2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const packageId = "1b2c3d4e-5f60-4a7b-8c9d-0e1f2a3b4c5d";
const participantId = "9e8d7c6b-5a49-4838-a726-15f4e3d2c1b0";

describe("the published schema of each webhook event type", () => {
  it("has one schema, a description and a distinct component name per type, the test event included", () => {
    const types = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE];
    expect(Object.keys(WEBHOOK_EVENT_SCHEMAS).sort()).toEqual([...types].sort());
    expect(Object.keys(WEBHOOK_EVENT_DESCRIPTIONS).sort()).toEqual([...types].sort());
    expect(new Set(types.map(webhookEventComponentName)).size).toBe(types.length);
    expect(webhookEventComponentName("package.edeposit_failed")).toBe("PackageEdepositFailedEvent");
  });

  it("takes what the product sends: a package event with its status change, a participant event with its participant", () => {
    expect(
      WEBHOOK_EVENT_SCHEMAS["package.sent"].safeParse({
        ...base,
        type: "package.sent",
        data: { organizationId, packageId, status: { from: "STARTED", to: "AVAILABLE_TO_SIGNERS" } },
      }).success,
    ).toBe(true);
    expect(
      WEBHOOK_EVENT_SCHEMAS["participant.signed"].safeParse({
        ...base,
        type: "participant.signed",
        data: { organizationId, packageId, participantId },
      }).success,
    ).toBe(true);
    expect(
      WEBHOOK_EVENT_SCHEMAS["webhook.test"].safeParse({ ...base, type: "webhook.test", data: { organizationId } })
        .success,
    ).toBe(true);
  });

  it("takes a signing step's number and participants, and refuses the step event without them", () => {
    const started = {
      ...base,
      type: "package.signing_step_started",
      data: { organizationId, packageId, step: 1, participantIds: [participantId] },
    };
    expect(WEBHOOK_EVENT_SCHEMAS["package.signing_step_started"].safeParse(started).success).toBe(true);
    expect(
      WEBHOOK_EVENT_SCHEMAS["package.signing_step_started"].safeParse({
        ...started,
        data: { organizationId, packageId },
      }).success,
    ).toBe(false);
    expect(
      WEBHOOK_EVENT_SCHEMAS["package.signing_step_started"].safeParse({
        ...started,
        data: { ...started.data, step: 0 },
      }).success,
    ).toBe(false);
  });

  it("carries the witnessed signer on participant.witnessed and the method on participant.signed_in_person", () => {
    const witnessed = {
      ...base,
      type: "participant.witnessed",
      data: { organizationId, packageId, participantId, witnessedParticipantId: packageId },
    };
    const schema = WEBHOOK_EVENT_SCHEMAS["participant.witnessed"];
    expect(schema.safeParse(witnessed).success).toBe(true);
    expect(schema.safeParse({ ...witnessed, data: { organizationId, packageId, participantId } }).success).toBe(false);
    const inPerson = {
      ...base,
      type: "participant.signed_in_person",
      data: { organizationId, packageId, participantId, method: "HOST_ATTESTED_ID" },
    };
    const hosted = WEBHOOK_EVENT_SCHEMAS["participant.signed_in_person"];
    expect(hosted.safeParse(inPerson).success).toBe(true);
    expect(hosted.safeParse({ ...inPerson, data: { ...inPerson.data, method: "KBA" } }).success).toBe(false);
    // no ID details or code destination travel with it
    expect(hosted.safeParse({ ...inPerson, data: { ...inPerson.data, idType: "PASSPORT" } }).success).toBe(false);
  });

  it("refuses another type's body, a participant event without its participant, and any field not published", () => {
    const signed = { ...base, type: "participant.signed", data: { organizationId, packageId, participantId } };
    expect(WEBHOOK_EVENT_SCHEMAS["participant.finished"].safeParse(signed).success).toBe(false);
    expect(
      WEBHOOK_EVENT_SCHEMAS["participant.signed"].safeParse({ ...signed, data: { organizationId, packageId } }).success,
    ).toBe(false);
    // personal data never travels in an event: a name is refused, at either level
    expect(
      WEBHOOK_EVENT_SCHEMAS["participant.signed"].safeParse({ ...signed, data: { ...signed.data, name: "Ada" } })
        .success,
    ).toBe(false);
    expect(WEBHOOK_EVENT_SCHEMAS["participant.signed"].safeParse({ ...signed, name: "Ada" }).success).toBe(false);
  });
});
