import {
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookUrlShapeProblem,
} from "@signet/contract";

export interface WebhookFormValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
}

export const WEBHOOK_FORM_MESSAGES = {
  urlRequired: "Enter the webhook URL",
  eventTypesRequired: "Choose at least one event type",
} as const;

export function initialWebhookForm(endpoint?: WebhookEndpoint): WebhookFormValues {
  if (!endpoint) return { url: "", description: "", eventTypes: [...WEBHOOK_EVENT_TYPES], enabled: true };
  return {
    url: endpoint.url,
    description: endpoint.description ?? "",
    eventTypes: [...endpoint.eventTypes],
    enabled: endpoint.enabled,
  };
}

/**
 * The URL's problem as the user types, in the API's words. The browser cannot know which hosts the
 * operator exempts from the outbound rule (OUTBOUND_ALLOWED_HOSTS), so it checks the shape here and
 * leaves "https only" and "public address only" to the server's answer.
 */
export function webhookUrlError(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return WEBHOOK_FORM_MESSAGES.urlRequired;
  return webhookUrlShapeProblem(trimmed);
}

export function webhookFormErrors(values: WebhookFormValues): Partial<Record<"url" | "eventTypes", string>> {
  const errors: Partial<Record<"url" | "eventTypes", string>> = {};
  const url = webhookUrlError(values.url);
  if (url) errors.url = url;
  if (values.eventTypes.length === 0) errors.eventTypes = WEBHOOK_FORM_MESSAGES.eventTypesRequired;
  return errors;
}

export function sameWebhookForm(a: WebhookFormValues, b: WebhookFormValues): boolean {
  return (
    a.url.trim() === b.url.trim() &&
    a.description.trim() === b.description.trim() &&
    a.enabled === b.enabled &&
    a.eventTypes.length === b.eventTypes.length &&
    a.eventTypes.every((type) => b.eventTypes.includes(type))
  );
}

/** The body the API takes: a blank description is no description. */
export function webhookFormBody(values: WebhookFormValues) {
  return {
    url: values.url.trim(),
    description: values.description.trim() || null,
    // the contract's order, whatever order the boxes were ticked in
    eventTypes: WEBHOOK_EVENT_TYPES.filter((type) => values.eventTypes.includes(type)),
    enabled: values.enabled,
  };
}
