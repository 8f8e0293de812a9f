import { Button, type ButtonProps, Menu, Tooltip } from "@mantine/core";
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
