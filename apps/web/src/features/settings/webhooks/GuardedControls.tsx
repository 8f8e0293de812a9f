import { ActionIcon, Button, type ButtonProps, Menu, Tooltip } from "@mantine/core";
import { IconDots, IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from "@tabler/icons-react";
import type { ReactNode } from "react";

// A control the user may not use stays visible, looks disabled and says why on hover and focus.
// It is marked with data-disabled/aria-disabled rather than the disabled attribute, because a
// disabled element receives no pointer or focus events and its tooltip could never open.

export function GuardedButton({
  reason,
  onClick,
  children,
  type = "button",
  "aria-label": ariaLabel,
  ...props
}: ButtonProps & {
  reason: string | null;
  onClick: () => void;
  children: ReactNode;
  type?: "button" | "submit";
  "aria-label"?: string;
}) {
  return (
    <Tooltip label={reason ?? ""} disabled={!reason} multiline maw={280}>
      <Button
        {...props}
        type={type}
        aria-label={ariaLabel}
        data-disabled={reason ? true : undefined}
        aria-disabled={reason ? true : undefined}
        onClick={(event) => {
          if (reason) event.preventDefault();
          else onClick();
        }}
      >
        {children}
      </Button>
    </Tooltip>
  );
}

export function GuardedMenuItem({
  reason,
  icon,
  color,
  onClick,
  children,
}: {
  reason: string | null;
  icon: ReactNode;
  color?: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={reason ?? ""} disabled={!reason} position="left" multiline maw={260}>
      <Menu.Item
        leftSection={icon}
        color={reason ? undefined : color}
        data-disabled={reason ? true : undefined}
        aria-disabled={reason ? true : undefined}
        closeMenuOnClick={!reason}
        onClick={(event) => {
          if (reason) event.preventDefault();
          else onClick();
        }}
      >
        {children}
      </Menu.Item>
    </Tooltip>
  );
}

/**
 * The actions of one configured thing on a settings page (an eVault, a closing center): edit, disable
 * or enable, delete, each guarded by the same reason.
 */
export function EditToggleDeleteMenu({
  name,
  reason,
  enabled,
  onEdit,
  onSetEnabled,
  onDelete,
}: {
  name: string;
  reason: string | null;
  enabled: boolean;
  onEdit: () => void;
  onSetEnabled: (enabled: boolean) => void;
  onDelete: () => void;
}) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size={44} aria-label={`Actions for ${name}`}>
          <IconDots size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <GuardedMenuItem reason={reason} icon={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
          Edit
        </GuardedMenuItem>
        <GuardedMenuItem
          reason={reason}
          icon={enabled ? <IconPlayerPause size={16} aria-hidden /> : <IconPlayerPlay size={16} aria-hidden />}
          onClick={() => onSetEnabled(!enabled)}
        >
          {enabled ? "Disable" : "Enable"}
        </GuardedMenuItem>
        <GuardedMenuItem reason={reason} icon={<IconTrash size={16} aria-hidden />} color="red" onClick={onDelete}>
          Delete
        </GuardedMenuItem>
      </Menu.Dropdown>
    </Menu>
  );
}
