// The values a notification record's channel and status take, apart from the email templates
// contract: the web's notification list validates its URL with them before its page loads.

export const NOTIFICATION_CHANNELS = ["EMAIL", "SMS"] as const;
export const NOTIFICATION_STATUSES = ["SENT", "FAILED"] as const;
export const NOTIFICATION_STATUS_LABELS = { SENT: "Sent", FAILED: "Failed" } as const;
export const NOTIFICATION_CHANNEL_LABELS = { EMAIL: "Email", SMS: "Text message" } as const;
