import { Avatar, DataList, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { formatPhone, hasPermission, type LoggedInUser } from "@signet/contract";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "../../../api/api-error.ts";
import { useSessionUser } from "../../../app/services-context.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { Page } from "../../../components/Page.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { usePermissionBits } from "../../../session/permissions.ts";
import { MfaResetSection } from "../../mfa/MfaResetSection.tsx";
import { MfaSecuritySection } from "../../mfa/MfaSecuritySection.tsx";
import { AccessBreadcrumbs } from "../AccessBreadcrumbs.tsx";
import { accessQueries } from "../access-queries.ts";
import { fullName } from "../format.ts";

import { AccountDetails, Detail } from "./AccountDetails.tsx";
import { GroupsAndRoles } from "./GroupsAndRoles.tsx";
import { ProfileForm } from "./ProfileForm.tsx";
import { ProfileHeader } from "./ProfileHeader.tsx";

/** Spec §2 '/users/:userId/profile': details, MFA phone, groups and roles, and the account actions. */
export function UserProfilePage({ organizationId, userId }: { organizationId: string; userId: string }) {
  const me = useSessionUser();
  const bits = usePermissionBits();
  if (bits === null) return <Spinner />;
  // 'My profile' is in everyone's account menu; without the view permission it shows what the token says.
  if (!hasPermission(bits, "VIEW_USERS_GROUPS_ROLES")) {
    return me && me.uid === userId ? <OwnProfile me={me} /> : <Spinner />;
  }
  return <UserProfile organizationId={organizationId} userId={userId} />;
}

function UserProfile({ organizationId, userId }: { organizationId: string; userId: string }) {
  const me = useSessionUser();
  const user = useQuery(accessQueries.user(organizationId, userId));
  const usersHref = `/organizations/${organizationId}/users`;
  const breadcrumbs = (
    <AccessBreadcrumbs
      items={[
        { label: "Access control", href: "/organizations" },
        { label: "Users", href: usersHref },
        { label: user.data ? fullName(user.data) : "User profile" },
      ]}
    />
  );
  if (user.isError) {
    return (
      <Page title="User profile" description={breadcrumbs}>
        <FormError message={errorMessage(user.error)} />
      </Page>
    );
  }
  if (!user.data) return <Spinner />;
  return (
    <Page title="User profile" description={breadcrumbs}>
      <ProfileHeader organizationId={organizationId} user={user.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ProfileForm key={user.data.version} organizationId={organizationId} user={user.data} />
        <AccountDetails organizationId={organizationId} user={user.data} />
      </SimpleGrid>
      {me?.uid === user.data.id ? (
        <MfaSecuritySection />
      ) : (
        <MfaResetSection organizationId={organizationId} userId={user.data.id} name={fullName(user.data)} />
      )}
      <GroupsAndRoles organizationId={organizationId} userId={user.data.id} />
    </Page>
  );
}

/** 'My profile' for someone who may not view users: what the sign-in token says. */
function OwnProfile({ me }: { me: LoggedInUser }) {
  return (
    <Page title="My profile" narrow>
      <Paper withBorder p="lg">
        <Stack gap="md">
          <Group gap="md">
            <Avatar color="indigo" radius="xl" size={56}>
              {`${me.givenName.charAt(0)}${me.familyName.charAt(0)}`.toUpperCase()}
            </Avatar>
            <div>
              <Title order={2} fz={22}>
                {fullName(me)}
              </Title>
              <Text c="dimmed" size="sm">
                {me.email}
              </Text>
            </div>
          </Group>
          <DataList withDivider labelWidth={150}>
            <Detail label="Organization">{me.organizationName ?? "—"}</Detail>
            <Detail label="Phone">{formatPhone(me.phoneNumber) || "—"}</Detail>
          </DataList>
          <Text size="sm" c="dimmed">
            Ask your administrator to change your details, groups or roles.
          </Text>
        </Stack>
      </Paper>
      <MfaSecuritySection />
      {me.organizationId && <GroupsAndRoles organizationId={me.organizationId} userId={me.uid} />}
    </Page>
  );
}
