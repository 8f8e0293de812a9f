import { Group as MantineGroup, MultiSelect, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { RoleColorDot } from "./RoleBadge.tsx";

export interface RoleOption {
  id: string;
  name: string;
  roleColor: string | null;
  description?: string | null;
}

/** A multi-select of roles that shows each role's colour (role structures, member roles). */
export function RoleMultiSelect({
  label,
  description,
  roles,
  value,
  onChange,
  onBlur,
  error,
  readOnly,
  placeholder,
  nothingFound,
}: {
  label: string;
  description?: ReactNode;
  roles: readonly RoleOption[];
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  error?: string;
  readOnly?: boolean;
  placeholder?: string;
  nothingFound: string;
}) {
  const byId = new Map(roles.map((role) => [role.id, role]));
  return (
    <MultiSelect
      label={label}
      description={description}
      placeholder={value.length === 0 ? placeholder : undefined}
      data={roles.map((role) => ({ value: role.id, label: role.name }))}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      error={error}
      readOnly={readOnly}
      searchable
      hidePickedOptions
      nothingFoundMessage={nothingFound}
      comboboxProps={{ withinPortal: true }}
      renderOption={({ option }) => {
        const role = byId.get(option.value);
        return (
          <MantineGroup gap={8} wrap="nowrap">
            <RoleColorDot color={role?.roleColor ?? null} />
            <div>
              <Text size="sm">{option.label}</Text>
              {role?.description && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {role.description}
                </Text>
              )}
            </div>
          </MantineGroup>
        );
      }}
    />
  );
}
