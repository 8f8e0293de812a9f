import { Alert, Button, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { InfoIcon } from "../../components/icons.tsx";
import { AnchorLink } from "../../components/links.tsx";
import { AuthCard } from "./AuthCard.tsx";

/**
 * The sign-up module's form (spec §2 labels). Registration and account verification arrive with the
 * registrations API in a later issue: the form is shown, submitting is not possible yet.
 */
export function SignUpPage() {
  return (
    <AuthCard title="Create your account" subtitle="Sign up to prepare and send document packages." width={520}>
      <form onSubmit={(event) => event.preventDefault()} noValidate aria-describedby="sign-up-note">
        <Stack gap="md">
          <Alert id="sign-up-note" color="blue" variant="light" icon={<InfoIcon />}>
            Self-service registration is not open yet. Ask your administrator for an invitation.
          </Alert>
          <TextInput label="Email Address" type="email" autoComplete="email" required />
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <TextInput label="First Name" autoComplete="given-name" required />
            <TextInput label="Last Name" autoComplete="family-name" required />
          </SimpleGrid>
          <PasswordInput label="Password" autoComplete="new-password" required />
          <PasswordInput label="Confirm Password" autoComplete="new-password" required />
          <Divider my="xs" />
          <div>
            <Title order={2} fz="lg">
              Verify Account
            </Title>
            <Text size="sm" c="dimmed">
              We will email you a verification code to confirm the address before your first sign-in.
            </Text>
          </div>
          <TextInput label="Verification code" inputMode="numeric" autoComplete="one-time-code" disabled />
          <Group justify="space-between">
            <AnchorLink to="/sign-in" size="sm">
              Already have an account? Sign in
            </AnchorLink>
            <Button type="submit" disabled>
              Verify &amp; Sign In
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
