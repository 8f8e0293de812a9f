import { Button } from "@mantine/core";
import { IconChevronDown, IconChevronRight } from "@tabler/icons-react";

/**
 * UX.md "Plain words first": fingerprints, seal levels, versions and role numbers are for the
 * compliance officer, shown only after asking. One button per section, named the same everywhere.
 */
export function TechnicalDetailsToggle({
  shown,
  onChange,
  controls,
}: {
  shown: boolean;
  onChange: (shown: boolean) => void;
  /** the id of what it shows or hides */
  controls?: string;
}) {
  const Icon = shown ? IconChevronDown : IconChevronRight;
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      aria-expanded={shown}
      aria-controls={controls}
      leftSection={<Icon size={16} aria-hidden />}
      onClick={() => onChange(!shown)}
    >
      Technical details
    </Button>
  );
}
