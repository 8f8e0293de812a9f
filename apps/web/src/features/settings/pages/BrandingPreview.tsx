import { Box, Group, Image, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import { LOGO_LIMITS } from "@signet/contract";
import { useSessionUser } from "../../../app/services-context.tsx";
import { FormSection } from "../../../components/FormSection.tsx";

/**
 * An uploaded logo is served on this origin too (same path as on the signing room's), which this
 * app's CSP (img-src 'self') lets it show; an external logo URL cannot be previewed here.
 */
export function previewableLogo(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.pathname.startsWith(LOGO_LIMITS.publicPath) ? parsed.pathname : null;
  } catch {
    return null;
  }
}

const isColor = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

/**
 * Issue 13 §2: a live preview of the signing room's header and of an email's header with the
 * colours and logo being edited (before they are saved). The organization's name is large bold
 * text, the size the signing room uses, so the contrast it needs is the large-text one.
 */
export function BrandingPreview(props: { primaryColor: string; fontColor: string; logoUrl: string }) {
  const user = useSessionUser();
  const name = user?.organizationName ?? "Your organization";
  const background = isColor(props.primaryColor) ? props.primaryColor : "#1c7ed6";
  const color = isColor(props.fontColor) ? props.fontColor : "#ffffff";
  const logo = previewableLogo(props.logoUrl);
  const header = (
    <Group gap="sm" px="md" py="sm" style={{ background, color }} wrap="nowrap">
      {logo && <Image src={logo} alt={`${name} logo`} h={32} w="auto" fit="contain" />}
      <Text fw={700} fz={20} c="inherit">
        {name}
      </Text>
    </Group>
  );
  return (
    <FormSection title="Preview" description="How the signing room and an invitation email look with these settings.">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Paper withBorder role="figure" aria-label="Signing room preview" data-testid="signing-room-preview">
          {header}
          <Stack p="md" gap={4}>
            <Text fw={600}>Okafor refinance</Text>
            <Text size="sm">Review and sign 3 documents.</Text>
          </Stack>
        </Paper>
        <Paper withBorder role="figure" aria-label="Email preview" data-testid="email-preview">
          {header}
          <Stack p="md" gap={4}>
            <Text size="sm">Hello Ada,</Text>
            <Text size="sm">{name} has sent you documents to sign.</Text>
            <Box>
              <Text
                component="span"
                fw={700}
                fz={19}
                px="md"
                py={6}
                style={{ background, color, borderRadius: 4, display: "inline-block" }}
              >
                Review documents
              </Text>
            </Box>
          </Stack>
        </Paper>
      </SimpleGrid>
    </FormSection>
  );
}
