import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MESSAGES } from "@signet/contract";
import { describe, expect, it } from "vitest";
import {
  initialWebhookForm,
  sameWebhookForm,
  WEBHOOK_FORM_MESSAGES,
  webhookFormBody,
  webhookFormErrors,
  webhookUrlError,
} from "./webhook-form.ts";

describe("webhook form", () => {
  it.each([
    ["", WEBHOOK_FORM_MESSAGES.urlRequired],
    ["   ", WEBHOOK_FORM_MESSAGES.urlRequired],
    ["hooks.example.com", WEBHOOK_URL_MESSAGES.invalid],
    ["ftp://hooks.example.com/x", WEBHOOK_URL_MESSAGES.invalid],
    ["https://user:pw@hooks.example.com/x", WEBHOOK_URL_MESSAGES.credentials],
    [`https://hooks.example.com/${"a".repeat(2000)}`, WEBHOOK_URL_MESSAGES.tooLong],
    ["https://hooks.example.com/signet", null],
  ])("URL %j → %s", (url, message) => {
    expect(webhookUrlError(url)).toBe(message);
  });

  it("starts a new webhook with every event and enabled", () => {
    expect(initialWebhookForm()).toEqual({
      url: "",
      description: "",
      eventTypes: [...WEBHOOK_EVENT_TYPES],
      enabled: true,
    });
  });

  it("asks for at least one event type", () => {
    const values = { ...initialWebhookForm(), url: "https://hooks.example.com", eventTypes: [] };
    expect(webhookFormErrors(values)).toEqual({ eventTypes: WEBHOOK_FORM_MESSAGES.eventTypesRequired });
  });

  it("sees no change when only the order of ticked events differs", () => {
    const a = { ...initialWebhookForm(), eventTypes: ["package.sent", "participant.signed"] as const };
    const b = { ...a, eventTypes: ["participant.signed", "package.sent"] as const };
    expect(sameWebhookForm({ ...a, eventTypes: [...a.eventTypes] }, { ...b, eventTypes: [...b.eventTypes] })).toBe(
      true,
    );
    expect(sameWebhookForm({ ...a, eventTypes: ["package.sent"] }, { ...a, eventTypes: [...a.eventTypes] })).toBe(
      false,
    );
  });

  it("sends trimmed text, no blank description, events in the contract's order", () => {
    const body = webhookFormBody({
      url: " https://hooks.example.com/x ",
      description: "  ",
      eventTypes: ["participant.signed", "package.sent"],
      enabled: false,
    });
    expect(body).toEqual({
      url: "https://hooks.example.com/x",
      description: null,
      eventTypes: ["package.sent", "participant.signed"],
      enabled: false,
    });
  });
});
