import { TIME_ZONE_CHOICES } from "@signet/contract";

export interface TimeZoneOption {
  value: string;
  label: string;
}

/** "America/Los_Angeles" → "Los Angeles": the place a zone is named after. */
function placeOf(zone: string): string {
  return (zone.split("/").pop() ?? zone).replace(/_/g, " ");
}

/**
 * The time zone select's options: the spec §9 zones by name ("Eastern (New York)"), and a stored zone
 * outside that list (UTC, or one saved through the API) kept as the first option so it still shows.
 */
export function timeZoneOptions(stored: string | null | undefined): TimeZoneOption[] {
  const options: TimeZoneOption[] = TIME_ZONE_CHOICES.map(({ zone, name }) => ({
    value: zone,
    label: `${name} (${placeOf(zone)})`,
  }));
  if (stored && !options.some((option) => option.value === stored)) {
    const label = stored === "UTC" || stored === "Etc/UTC" ? "Coordinated Universal Time (UTC)" : placeOf(stored);
    options.unshift({ value: stored, label: `${label} — current setting` });
  }
  return options;
}
