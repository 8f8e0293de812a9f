import { DataList, Paper, Stack, Title } from "@mantine/core";
import { formatPhone, type User } from "@signet/contract";
import type { ReactNode } from "react";
import { formatDateTime } from "../format.ts";

/** What the account is: email, status, sign-in, home organization. */
export function AccountDetails({ organizationId, user }: { organizationId: string; user: User }) {
  return (
    <Paper withBorder p="lg">
      <Stack gap="md">
        <Title order={3} fz="lg">
          Account
        </Title>
        <DataList withDivider labelWidth={150}>
          <Detail label="Email">{user.email}</Detail>
          <Detail label="Status">{user.status === "INVITED" ? "Invitation sent" : "Account created"}</Detail>
          <Detail label="Last sign-in">{formatDateTime(user.lastSignIn)}</Detail>
          <Detail label="Phone">{formatPhone(user.phoneNumber) || "—"}</Detail>
          <Detail label="MFA phone">{formatPhone(user.mfaPhoneNumber) || "—"}</Detail>
          <Detail label="Home organization">
            {user.homeOrganizationId === organizationId ? "This organization" : "Another organization"}
            {user.homeUserEnabled ? "" : " (deactivated there)"}
          </Detail>
          <Detail label="Groups here">{user.isMember ? user.groups.length : "None yet"}</Detail>
          {!user.enabled && (
            <Detail label="Deactivated">
              {formatDateTime(user.disabledAt)}
              {user.deactivatedByFullName ? ` by ${user.deactivatedByFullName}` : ""}
            </Detail>
          )}
        </DataList>
      </Stack>
    </Paper>
  );
}

export function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
