import { Badge, Group } from "@mantine/core";
import type { User } from "@signet/contract";

/** Invited / Active / Inactive, and Locked when sign-in is locked. */
export function UserStatusBadges({ user }: { user: Pick<User, "status" | "enabled" | "locked"> }) {
  return (
    <Group gap={4} wrap="nowrap">
      {!user.enabled ? (
        <Badge color="gray" variant="light">
          Inactive
        </Badge>
      ) : user.status === "INVITED" ? (
        <Badge color="blue" variant="light">
          Invited
        </Badge>
      ) : (
        <Badge color="teal" variant="light">
          Active
        </Badge>
      )}
      {user.locked && (
        <Badge color="red" variant="light">
          Locked
        </Badge>
      )}
    </Group>
  );
}
