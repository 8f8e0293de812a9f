import type { CustomFieldDataType, CustomFieldDateFormat } from "@signet/contract";

/** How the custom field settings name a field's type and date format. */
export const TYPE_LABELS: Record<CustomFieldDataType, string> = {
  TEXT: "Text",
  WHOLE_NUMBER: "Whole number",
  REAL_NUMBER: "Number",
  DATE: "Date",
  SELECT: "List",
  BOOLEAN: "Yes / no",
  EMAIL: "Email",
  PHONE: "Phone",
};

export const DATE_LABELS: Record<CustomFieldDateFormat, string> = {
  DATE_LONG: "Long (November 23, 2026)",
  DATE_MEDIUM: "Medium (Nov 23, 2026)",
  DATE_SHORT: "Short (11/23/2026)",
};
