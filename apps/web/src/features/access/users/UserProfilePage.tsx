import { zodResolver } from "@hookform/resolvers/zod";
import {
  Avatar,
  Button,
  DataList,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from "@mantine/core";
import {
  formatPhone,
  hasPermission,
  type LoggedInUser,
  type MembershipGroup,
  USER_MESSAGES,
  type User,
  updateUserSchema,
  userRoutes,
} from "@signet/contract";
import { IconKey, IconLock, IconLockOpen } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { type Path, useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError, errorMessage } from "../../../api/api-error.ts";
import { api } from "../../../api/client.ts";
import { useSessionUser } from "../../../app/services-context.tsx";
import { openConfirmDialog } from "../../../components/ConfirmDialog.tsx";
import { FormError } from "../../../components/FormError.tsx";
import { AnchorLink } from "../../../components/links.tsx";
import { ModalFooter } from "../../../components/ModalFooter.tsx";
import { Page } from "../../../components/Page.tsx";
import { Spinner } from "../../../components/Spinner.tsx";
import { toastError, toastSuccess } from "../../../components/toast.ts";
import { useUnsavedChangesGuard } from "../../../components/use-unsaved-changes-guard.ts";
import { showServerError } from "../../../kit/server-errors.ts";
import { useHasPermission, usePermissionBits } from "../../../session/permissions.ts";
import { MfaResetSection } from "../../mfa/MfaResetSection.tsx";
import { MfaSecuritySection } from "../../mfa/MfaSecuritySection.tsx";
import { AccessBreadcrumbs } from "../AccessBreadcrumbs.tsx";
import { accessQueries, refreshAccess } from "../access-queries.ts";
import { formatDateTime, fullName } from "../format.ts";
import { RoleBadge } from "../groups/RoleBadge.tsx";
import { UserStatusBadges } from "./UserStatusBadges.tsx";

// The profile form: the contract's update fields a person edits (the version travels separately).
const profileSchema = updateUserSchema.pick({
  givenName: true,
  familyName: true,
  middleName: true,
  phoneNumber: true,
  mfaPhoneNumber: true,
});
type ProfileInput = z.input<typeof profileSchema>;
type ProfileOutput = z.output<typeof profileSchema>;
const FIELDS: Path<ProfileInput>[] = ["givenName", "familyName", "middleName", "phoneNumber", "mfaPhoneNumber"];

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

function ProfileHeader({ organizationId, user }: { organizationId: string; user: User }) {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const canManage = useHasPermission("MANAGE_USERS");
  const [busy, setBusy] = useState<null | "status" | "unlock" | "reset">(null);
  const isMe = me?.uid === user.id;

  const run = async (kind: "status" | "unlock" | "reset", action: () => Promise<string>) => {
    setBusy(kind);
    try {
      toastSuccess(await action());
    } catch (error) {
      if (!(error instanceof ApiError && error.handled)) toastError(errorMessage(error));
    } finally {
      setBusy(null);
      await refreshAccess(queryClient, organizationId);
    }
  };

  const changeStatus = async () => {
    const deactivate = user.enabled;
    const confirmed = await openConfirmDialog({
      type: deactivate ? "Warning" : "Confirm",
      title: deactivate ? `Deactivate ${fullName(user)}` : `Reactivate ${fullName(user)}`,
      message: deactivate
        ? "The user is signed out of this organization and cannot sign in to it until reactivated. Their groups and roles are kept."
        : "The user can sign in to this organization again with their groups and roles.",
      confirmLabel: deactivate ? "Deactivate" : "Reactivate",
      confirmColor: deactivate ? "red" : undefined,
    });
    if (!confirmed) return;
    await run("status", async () => {
      await api(userRoutes.updateUser, {
        params: { orgId: organizationId, userId: user.id },
        body: { version: user.version, enabled: !deactivate },
      });
      return deactivate ? USER_MESSAGES.userDeactivated : USER_MESSAGES.userReactivated;
    });
  };

  const unlock = () =>
    run("unlock", async () => {
      await api(userRoutes.updateUser, {
        params: { orgId: organizationId, userId: user.id },
        body: { version: user.version, unlock: true },
      });
      return USER_MESSAGES.userUnlocked;
    });

  const sendReset = async () => {
    const confirmed = await openConfirmDialog({
      title: "Send password reset",
      message: `Email ${user.email} a link to choose a new password?`,
      confirmLabel: "Send link",
    });
    if (!confirmed) return;
    await run("reset", async () => {
      await api(userRoutes.resetUserPassword, { params: { orgId: organizationId, userId: user.id } });
      return USER_MESSAGES.passwordResetSent;
    });
  };

  const noPermission = canManage ? null : "Requires the Manage users permission";
  return (
    <Paper withBorder p="lg">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar color="indigo" radius="xl" size={56}>
            {`${user.givenName.charAt(0)}${user.familyName.charAt(0)}`.toUpperCase()}
          </Avatar>
          <div>
            <Group gap="xs">
              <Title order={2} fz={22}>
                {fullName(user)}
              </Title>
              <UserStatusBadges user={user} />
            </Group>
            <Text c="dimmed" size="sm">
              {user.email}
            </Text>
          </div>
        </Group>
        <Group gap="xs">
          {user.locked && (
            <Tooltip label={noPermission} disabled={!noPermission}>
              <Button
                variant="default"
                leftSection={<IconLockOpen size={16} />}
                onClick={() => void unlock()}
                loading={busy === "unlock"}
                disabled={!canManage || busy !== null}
              >
                Unlock
              </Button>
            </Tooltip>
          )}
          <Tooltip label={noPermission} disabled={!noPermission}>
            <Button
              variant="default"
              leftSection={<IconKey size={16} />}
              onClick={() => void sendReset()}
              loading={busy === "reset"}
              disabled={!canManage || busy !== null || user.status === "INVITED"}
            >
              Send password reset
            </Button>
          </Tooltip>
          <Tooltip label={isMe ? USER_MESSAGES.cannotDeactivateSelf : noPermission} disabled={!isMe && !noPermission}>
            <Button
              variant={user.enabled ? "light" : "filled"}
              color={user.enabled ? "red" : undefined}
              leftSection={user.enabled ? <IconLock size={16} /> : <IconLockOpen size={16} />}
              onClick={() => void changeStatus()}
              loading={busy === "status"}
              disabled={!canManage || busy !== null || isMe}
            >
              {user.enabled ? "Deactivate" : "Reactivate"}
            </Button>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

function ProfileForm({ organizationId, user }: { organizationId: string; user: User }) {
  const queryClient = useQueryClient();
  const me = useSessionUser();
  // Profile fields belong to the person: only their home organization (or support) edits them.
  const homeHere = user.homeOrganizationId === organizationId || Boolean(me?.supportUser);
  const canManage = useHasPermission("MANAGE_USERS") && homeHere;
  const [formError, setFormError] = useState<string | null>(null);
  const defaults: ProfileInput = {
    givenName: user.givenName,
    familyName: user.familyName,
    middleName: user.middleName ?? "",
    phoneNumber: formatPhone(user.phoneNumber),
    mfaPhoneNumber: formatPhone(user.mfaPhoneNumber),
  };
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileSchema),
    defaultValues: defaults,
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const { confirmDiscard } = useUnsavedChangesGuard(isDirty);

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api(userRoutes.updateUser, {
        params: { orgId: organizationId, userId: user.id },
        body: { ...values, version: user.version },
      });
      toastSuccess(USER_MESSAGES.userUpdated);
      form.reset(form.getValues());
      await refreshAccess(queryClient, organizationId);
    } catch (error) {
      setFormError(showServerError(error, { setError: form.setError, fields: FIELDS }));
    }
  });

  const discard = async () => {
    if (!(await confirmDiscard())) return;
    setFormError(null);
    form.reset(defaults);
  };

  return (
    <Paper withBorder p="lg">
      <form id="user-profile-form" onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={3} fz="lg">
            Details
          </Title>
          {!homeHere && (
            <Text size="sm" c="dimmed">
              {USER_MESSAGES.profileEditableInHomeOrganization}
            </Text>
          )}
          <FormError message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First name"
              required
              readOnly={!canManage}
              {...form.register("givenName")}
              error={errors.givenName?.message}
            />
            <TextInput
              label="Last name"
              required
              readOnly={!canManage}
              {...form.register("familyName")}
              error={errors.familyName?.message}
            />
          </SimpleGrid>
          <TextInput
            label="Middle name"
            readOnly={!canManage}
            {...form.register("middleName")}
            error={errors.middleName?.message}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Phone number"
              type="tel"
              placeholder="123-456-7890"
              readOnly={!canManage}
              {...form.register("phoneNumber")}
              error={errors.phoneNumber?.message}
            />
            <TextInput
              label="MFA phone number"
              description="Where sign-in codes are sent (ten digits)"
              type="tel"
              placeholder="123-456-7890"
              readOnly={!canManage}
              {...form.register("mfaPhoneNumber")}
              error={errors.mfaPhoneNumber?.message}
            />
          </SimpleGrid>
          {homeHere && (
            <ModalFooter
              form="user-profile-form"
              submitLabel="Save changes"
              cancelLabel="Discard"
              loading={isSubmitting}
              permission="MANAGE_USERS"
              onCancel={() => void discard()}
            />
          )}
        </Stack>
      </form>
    </Paper>
  );
}

function AccountDetails({ organizationId, user }: { organizationId: string; user: User }) {
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

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel c="dimmed">{label}</DataList.ItemLabel>
      <DataList.ItemValue>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** The user's groups with own and inherited roles (spec §3: roles granted in a group apply in its sub-groups). */
function GroupsAndRoles({ organizationId, userId }: { organizationId: string; userId: string }) {
  const membership = useQuery(accessQueries.membership(organizationId, userId, true));
  const groups = membership.data?.groups ?? [];
  return (
    <Paper withBorder>
      <Stack gap={2} px="lg" pt="lg" pb="sm">
        <Title order={3} fz="lg">
          Groups and roles
        </Title>
        <Text size="sm" c="dimmed">
          Roles granted in a group also apply in its sub-groups, where they are marked inherited.
        </Text>
      </Stack>
      {membership.isError && (
        <Stack px="lg" pb="md">
          <FormError message={errorMessage(membership.error)} />
        </Stack>
      )}
      <Table aria-label="Groups and roles" verticalSpacing="sm" horizontalSpacing="lg">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">Group</Table.Th>
            <Table.Th>Roles</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {membership.isPending && (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Spinner size="sm" py="sm" />
              </Table.Td>
            </Table.Tr>
          )}
          {membership.data && groups.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={2}>
                <Text c="dimmed" ta="center" py="md">
                  Not in any group yet. Add the user to a group from the group's members page.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {groups.map((group) => (
            <Table.Tr key={group.groupId}>
              <Table.Td>
                <AnchorLink
                  to="/organizations/$organizationId/groups/$groupId/members"
                  params={{ organizationId, groupId: group.groupId }}
                  fw={600}
                >
                  {group.name}
                </AnchorLink>
                {!group.member && (
                  <Text size="xs" c="dimmed">
                    Not a member here: roles inherited
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={6}>
                  {group.roles.length === 0 && (
                    <Text size="sm" c="dimmed">
                      No roles
                    </Text>
                  )}
                  {group.roles.map((role) => (
                    <RoleBadge
                      key={`${role.id}-${role.inherited}`}
                      name={role.name}
                      color={role.roleColor}
                      inherited={role.inherited}
                      inheritedFrom={role.inherited ? grantedIn(groups, group.groupId, role.id) : null}
                    />
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The nearest ancestor group where the role was granted (where an inherited role is managed). */
export function grantedIn(groups: readonly MembershipGroup[], groupId: string, roleId: string): string | null {
  const byId = new Map(groups.map((g) => [g.groupId, g]));
  let current = byId.get(groupId);
  for (let depth = 0; current?.parentId && depth < 256; depth += 1) {
    const parent = byId.get(current.parentId);
    if (!parent) return null;
    if (parent.roles.some((role) => role.id === roleId && !role.inherited)) return parent.name;
    current = parent;
  }
  return null;
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
