import { Box, Container, Group } from "@mantine/core";
import { headerMode } from "@signet/contract";
import { lazy, Suspense } from "react";
import { queryClientSlot } from "../app/query-client-slot.ts";
import { useSessionUser } from "../app/services-context.tsx";
import { useHrefNavigate } from "../components/RouterAnchor.tsx";
import { usePageHidesHeader } from "./header-visibility.tsx";
import { Logo } from "./Logo.tsx";
import classes from "./layout.module.css";

// Its menus query the user's permissions: the query client comes with it, since the header turns full
// as soon as someone signs in, while still on the sign-in page, which does not load the client.
const FullNavigation = lazy(() =>
  Promise.all([import("./FullNavigation.tsx"), queryClientSlot.load()]).then(([module]) => ({
    default: module.FullNavigation,
  })),
);

/** Spec §2 Header and menus: full, logo only, or hidden (headerMode of the contract). */
export function Header() {
  const user = useSessionUser();
  const pageHides = usePageHidesHeader();
  const mode = headerMode(user, pageHides);
  const navigate = useHrefNavigate();
  if (mode === "hidden") return null;

  return (
    <Box component="header" className={classes.header}>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          {mode === "full" ? <Logo href="/workspace" onClick={navigate("/workspace")} /> : <Logo />}
          {mode === "full" && user && (
            // the logo holds the header's height while the menus load (a fraction of a second, once)
            <Suspense fallback={null}>
              <FullNavigation user={user} />
            </Suspense>
          )}
        </Group>
      </Container>
    </Box>
  );
}
