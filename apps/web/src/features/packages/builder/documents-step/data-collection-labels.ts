import type { DataCollectionFieldType } from "@signet/contract";

/** A data collection question's kind of answer, as the builder names it. */
export const TYPE_LABELS: Record<DataCollectionFieldType, string> = {
  TEXT: "Text",
  NUMBER: "Number",
  DATE: "Date",
  SELECT: "List",
  CHECKBOX: "Checkbox",
};
