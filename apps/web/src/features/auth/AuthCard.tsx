import { Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import classes from "../../layout/layout.module.css";

/** The centered card of the sign-in family of pages. */
export function AuthCard({
  title,
  subtitle,
  width = 420,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  return (
    <div className={classes.authBackdrop}>
      <Paper withBorder shadow="sm" p={{ base: "lg", sm: 32 }} w="100%" maw={width}>
        <Stack gap="lg">
          <div>
            <Title order={1} fz={24}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm" mt={6}>
                {subtitle}
              </Text>
            )}
          </div>
          {children}
        </Stack>
      </Paper>
    </div>
  );
}
