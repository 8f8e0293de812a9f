import { Badge, Tooltip } from "@mantine/core";
import classes from "../access.module.css";

const DEFAULT_ROLE_COLOR = "#868e96";

/** A role as a badge in the role's colour; inherited roles are outlined and say where they come from. */
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
      variant={inherited ? "outline" : "light"}
      color={roleColor}
      tt="none"
      fw={600}
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
