// Test files that call core's use cases directly, without starting the API or a worker, compose
// their process here as those do: audited changes trigger webhook events and notification emails.
import { AUDIT_EVENT_SUBSCRIBERS, subscribeToAuditEvents } from "@signet/core";

subscribeToAuditEvents(AUDIT_EVENT_SUBSCRIBERS);
