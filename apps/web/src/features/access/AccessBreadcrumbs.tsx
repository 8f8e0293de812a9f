import { Anchor, Group, Text } from "@mantine/core";
import { Fragment } from "react";
import { useHrefNavigate } from "../../components/RouterAnchor.tsx";

/**
 * "Access control / Groups / Edit group": where an editor sits, each step a link back. Inline
 * elements only: it is shown as the page's description (a paragraph).
 */
export function AccessBreadcrumbs({ items }: { items: { label: string; href?: string }[] }) {
  const navigate = useHrefNavigate();
  return (
    <Group component="span" gap={6} role="navigation" aria-label="Breadcrumb" wrap="wrap">
      {items.map((item, index) => (
        <Fragment key={item.label}>
          {index > 0 && (
            <Text component="span" size="sm" c="dimmed" aria-hidden="true">
              /
            </Text>
          )}
          {item.href ? (
            <Anchor href={item.href} onClick={navigate(item.href)} size="sm">
              {item.label}
            </Anchor>
          ) : (
            <Text component="span" size="sm" c="dimmed" aria-current="page">
              {item.label}
            </Text>
          )}
        </Fragment>
      ))}
    </Group>
  );
}
