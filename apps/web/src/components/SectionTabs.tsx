import { Tabs } from "@mantine/core";
import { useRouter, useRouterState } from "@tanstack/react-router";

/** Tabs that are child routes (e.g. import-export → export | import). */
export function SectionTabs({ tabs, label }: { tabs: { label: string; to: string }[]; label: string }) {
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current = tabs.find((tab) => pathname === tab.to || pathname.startsWith(`${tab.to}/`))?.to ?? null;
  return (
    <Tabs value={current} onChange={(to) => to && void router.navigate({ href: to })}>
      <Tabs.List aria-label={label}>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.to} value={tab.to}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
