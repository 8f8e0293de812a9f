import { recordEmailNotificationEvent } from "../reminders/email-notification-job.ts";
import { recordWebhookEvent } from "../webhooks/record-webhook-event.ts";
import type { AuditSubscriber } from "./audit-subscribers.ts";

/**
 * Every feature that acts on audited changes, in one list, for composition roots to subscribe:
 * webhook events (every audited change integrators care about reaches them from this one place),
 * and the organization's email notification rules (issue 14 §2).
 */
export const AUDIT_EVENT_SUBSCRIBERS: readonly AuditSubscriber[] = [recordWebhookEvent, recordEmailNotificationEvent];
