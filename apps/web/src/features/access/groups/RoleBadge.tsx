import { Badge, Tooltip } from "@mantine/core";
import classes from "../access.module.css";

const DEFAULT_ROLE_COLOR = "#868e96";

/**
 * A role as a badge marked with the role's colour; inherited roles have a dashed border and say where
 * they come from. The text stays dark: a role's own colour (often a mid gray) as text on its tint
 * fell under WCAG AA contrast, so the colour is carried by the dot, and the name by the words.
 */
export function RoleBadge({
  name,
  color,
  inherited = false,
  inheritedFrom,
}: {
  name: string;
  color: string | null;
  inherited?: boolean;
  inheritedFrom?: string | null;
}) {
  const roleColor = color ?? DEFAULT_ROLE_COLOR;
  const badge = (
    <Badge
      variant="default"
      tt="none"
      fw={600}
      style={inherited ? { borderStyle: "dashed" } : undefined}
      leftSection={<span className={classes.colorDot} style={{ background: roleColor }} />}
    >
      {name}
      {inherited ? " (inherited)" : ""}
    </Badge>
  );
  if (!inherited) return badge;
  return (
    <Tooltip label={inheritedFrom ? `Inherited from ${inheritedFrom}` : "Inherited from a parent group"}>
      {badge}
    </Tooltip>
  );
}

export function RoleColorDot({ color }: { color: string | null }) {
  return <span className={classes.colorDot} style={{ background: color ?? DEFAULT_ROLE_COLOR }} />;
}
