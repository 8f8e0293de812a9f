import type { CustomFieldValue } from "@signet/contract";
import { normalizeCustomFieldValue } from "@signet/contract";

/** What the package custom fields form shows for a value: encrypted values stay masked until edited. */
export const MASK = "••••••";

export function initialInput(field: CustomFieldValue): string {
  if (field.encrypted && field.isSet) return "";
  return field.value ?? "";
}

/**
 * The value to save for an edited field, or the problem the field's definition finds with it
 * (the server validates again). Undefined when nothing changed and nothing needs saving.
 */
export function customFieldChange(
  field: CustomFieldValue,
  input: string,
): { value: string | null } | { problem: string } | undefined {
  if (field.encrypted && field.isSet && input === "") return undefined;
  if (!field.encrypted && input === (field.value ?? "") && field.isSet) return undefined;
  // Ranges are checked by the server, which holds the definition; the type and options are checked here.
  return normalizeCustomFieldValue(field, input);
}
