import { Anchor, Container, Group, Text } from "@mantine/core";
import { DEFAULTS } from "@signet/contract";
import { useConfig } from "../app/services-context.tsx";
import classes from "./layout.module.css";

/** Spec §1: support phone (default from config), support email and privacy policy. */
export function Footer() {
  const config = useConfig();
  const phone = config.supportPhone || DEFAULTS.supportPhone;
  return (
    <footer className={classes.footer}>
      <Container size="xl">
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} Signet
          </Text>
          <Group gap="lg" wrap="wrap">
            <Text size="sm" c="dimmed">
              Support:{" "}
              <Anchor href={`tel:${phone}`} size="sm">
                {phone}
              </Anchor>
            </Text>
            <Anchor href={`mailto:${config.supportEmail}`} size="sm">
              {config.supportEmail}
            </Anchor>
            <Anchor href={config.privacyUrl} target="_blank" rel="noopener noreferrer" size="sm">
              Privacy policy
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
