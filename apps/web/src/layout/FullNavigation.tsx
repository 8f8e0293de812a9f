import {
  Accordion,
  Avatar,
  Box,
  Burger,
  Button,
  Drawer,
  Group,
  Menu,
  NavLink,
  Stack,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { type Menu as AppMenu, DEFAULTS, type LoggedInUser, type MenuItem } from "@signet/contract";
import { IconChevronDown, IconFileText, IconMail, IconPhone } from "@tabler/icons-react";
import { useRouterState } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { useConfig } from "../app/services-context.tsx";
import { useHrefNavigate } from "../components/RouterAnchor.tsx";
import { useMenu } from "../session/permissions.ts";
import { useSignOut } from "../session/use-sign-out.ts";
import classes from "./layout.module.css";

// The signed-in navigation (menus, account menu, mobile drawer): a module of its own, loaded only once
// someone is signed in, so that the sign-in page does not download the menus and their popovers.

function fullName(user: LoggedInUser): string {
  return [user.givenName, user.familyName].filter(Boolean).join(" ") || user.email;
}

function initials(user: LoggedInUser): string {
  const text = `${user.givenName.charAt(0)}${user.familyName.charAt(0)}`.toUpperCase();
  return text || user.email.charAt(0).toUpperCase();
}

const isActive = (pathname: string, to: string) => {
  const base = `/${to.split("/")[1] ?? ""}`;
  return pathname === to || pathname.startsWith(`${base}/`) || pathname === base;
};

export function FullNavigation({ user }: { user: LoggedInUser }) {
  const menu = useMenu();
  const config = useConfig();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const navigate = useHrefNavigate();
  const signOut = useSignOut();
  const [drawerOpened, drawer] = useDisclosure(false);
  const profileHref = `/organizations/${user.organizationId}/users/${user.uid}/profile`;
  const phone = config.supportPhone || DEFAULTS.supportPhone;

  return (
    <>
      <Group gap={4} visibleFrom="sm" wrap="nowrap" component="nav" aria-label="Main">
        {menu?.workspace && (
          <Button
            component="a"
            href={menu.workspace.to}
            onClick={navigate(menu.workspace.to)}
            variant="subtle"
            color="gray"
            className={classes.navLink}
            data-active={isActive(pathname, menu.workspace.to) || undefined}
          >
            {menu.workspace.label}
          </Button>
        )}
        {menu?.administration && (
          <Menu position="bottom-start" width={260} shadow="md">
            <Menu.Target>
              <Button
                variant="subtle"
                color="gray"
                className={classes.navLink}
                rightSection={<IconChevronDown size={14} />}
              >
                Administration
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {menu.administration.map((item) => (
                <Menu.Item key={item.id} component="a" href={item.to} onClick={navigate(item.to)}>
                  {item.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        <Menu position="bottom-end" width={260} shadow="md">
          <Menu.Target>
            <Button
              variant="subtle"
              color="gray"
              className={classes.navLink}
              rightSection={<IconChevronDown size={14} />}
            >
              Support
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <SupportItems menu={menu} phone={phone} email={config.supportEmail} docs={config.documentationUrl} />
          </Menu.Dropdown>
        </Menu>
        <Menu position="bottom-end" width={260} shadow="md">
          <Menu.Target>
            {/* named by what it shows (WCAG 2.5.3: the visible name is part of the accessible name) */}
            <UnstyledButton className={classes.account}>
              <VisuallyHidden>My account: </VisuallyHidden>
              <Group gap="xs" wrap="nowrap">
                <Avatar color="indigo" radius="xl" size={34} aria-hidden="true">
                  {initials(user)}
                </Avatar>
                <div style={{ lineHeight: 1.15 }}>
                  <Text size="sm" fw={600}>
                    {fullName(user)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {user.organizationName}
                  </Text>
                </div>
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>My account</Menu.Label>
            <Box px="sm" pb="xs">
              <Text size="sm" fw={600}>
                {fullName(user)}
              </Text>
              <Text size="xs" c="dimmed">
                {user.email}
              </Text>
              <Text size="xs" c="dimmed">
                {user.organizationName}
              </Text>
            </Box>
            <Menu.Divider />
            <Menu.Item component="a" href={profileHref} onClick={navigate(profileHref)}>
              My profile
            </Menu.Item>
            <Menu.Item component="a" href="/change-password" onClick={navigate("/change-password")}>
              Change password
            </Menu.Item>
            <Menu.Item component="a" href="/settings/notary-profile" onClick={navigate("/settings/notary-profile")}>
              Notary profile
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red" onClick={() => void signOut()}>
              Sign out
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Burger
        opened={drawerOpened}
        onClick={drawer.toggle}
        hiddenFrom="sm"
        aria-label={drawerOpened ? "Close navigation" : "Open navigation"}
      />
      <Drawer opened={drawerOpened} onClose={drawer.close} position="right" size="xs" title="Menu" hiddenFrom="sm">
        <Stack gap="xs">
          {menu?.workspace && (
            <NavLink
              component="a"
              href={menu.workspace.to}
              onClick={navigate(menu.workspace.to, drawer.close)}
              label={menu.workspace.label}
              active={isActive(pathname, menu.workspace.to)}
            />
          )}
          <Accordion variant="separated" multiple={false}>
            {menu?.administration && (
              <Accordion.Item value="administration">
                <Accordion.Control>Administration</Accordion.Control>
                <Accordion.Panel>
                  {menu.administration.map((item) => (
                    <MobileLink key={item.id} item={item} onNavigate={navigate(item.to, drawer.close)} />
                  ))}
                </Accordion.Panel>
              </Accordion.Item>
            )}
            <Accordion.Item value="support">
              <Accordion.Control>Support</Accordion.Control>
              <Accordion.Panel>
                {menu?.support.buildInfo && (
                  <MobileLink item={menu.support.buildInfo} onNavigate={navigate("/buildInfo", drawer.close)} />
                )}
                {menu?.support.operations && (
                  <MobileLink item={menu.support.operations} onNavigate={navigate("/operations", drawer.close)} />
                )}
                <NavLink
                  component="a"
                  href={config.documentationUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  label="Documentation"
                />
                <NavLink component="a" href={`tel:${phone}`} label={phone} />
                <NavLink component="a" href={`mailto:${config.supportEmail}`} label={config.supportEmail} />
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="account">
              <Accordion.Control>
                <Text size="sm" fw={600}>
                  {fullName(user)}
                </Text>
                <Text size="xs" c="dimmed">
                  {user.organizationName}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <NavLink
                  component="a"
                  href={profileHref}
                  onClick={navigate(profileHref, drawer.close)}
                  label="My profile"
                />
                <NavLink
                  component="a"
                  href="/change-password"
                  onClick={navigate("/change-password", drawer.close)}
                  label="Change password"
                />
                <NavLink
                  component="a"
                  href="/settings/notary-profile"
                  onClick={navigate("/settings/notary-profile", drawer.close)}
                  label="Notary profile"
                />
                <NavLink
                  component="button"
                  label="Sign out"
                  c="red"
                  onClick={() => {
                    drawer.close();
                    void signOut();
                  }}
                />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
        </Stack>
      </Drawer>
    </>
  );
}

function MobileLink({ item, onNavigate }: { item: MenuItem; onNavigate: (event: MouseEvent<HTMLElement>) => void }) {
  return <NavLink component="a" href={item.to} onClick={onNavigate} label={item.label} />;
}

function SupportItems({
  menu,
  phone,
  email,
  docs,
}: {
  menu: AppMenu | null;
  phone: string;
  email: string;
  docs: string;
}) {
  const navigate = useHrefNavigate();
  return (
    <>
      {menu?.support.buildInfo && (
        <Menu.Item component="a" href={menu.support.buildInfo.to} onClick={navigate(menu.support.buildInfo.to)}>
          {menu.support.buildInfo.label}
        </Menu.Item>
      )}
      {menu?.support.operations && (
        <Menu.Item component="a" href={menu.support.operations.to} onClick={navigate(menu.support.operations.to)}>
          {menu.support.operations.label}
        </Menu.Item>
      )}
      <Menu.Item
        component="a"
        href={docs}
        target="_blank"
        rel="noopener noreferrer"
        leftSection={<IconFileText size={16} />}
      >
        Documentation
      </Menu.Item>
      <Menu.Divider />
      <Menu.Label>Contact support</Menu.Label>
      <Menu.Item component="a" href={`tel:${phone}`} leftSection={<IconPhone size={16} />}>
        {phone}
      </Menu.Item>
      <Menu.Item component="a" href={`mailto:${email}`} leftSection={<IconMail size={16} />}>
        {email}
      </Menu.Item>
    </>
  );
}
