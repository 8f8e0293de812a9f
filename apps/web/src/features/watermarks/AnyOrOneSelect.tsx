import { Select } from "@mantine/core";

const ANY = "ANY";

/** A rule condition: "any" (null) or one value of a fixed list. */
export function AnyOrOneSelect<T extends string>(props: {
  label: string;
  anyLabel: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T | null;
  disabled: boolean;
  onChange: (value: T | null) => void;
}) {
  return (
    <Select
      aria-label={props.label}
      data={[
        { value: ANY, label: props.anyLabel },
        ...props.values.map((value) => ({ value, label: props.labels[value] })),
      ]}
      value={props.value ?? ANY}
      allowDeselect={false}
      disabled={props.disabled}
      onChange={(value) => props.onChange(value && value !== ANY ? (value as T) : null)}
    />
  );
}
