import { Center, Loader, type MantineSize, VisuallyHidden } from "@mantine/core";

/** The shared loading spinner; screen readers hear 'Loading...'. */
export function Spinner({ size = "md", py = "xl" }: { size?: MantineSize; py?: MantineSize | 0 }) {
  return (
    <Center py={py} role="status" aria-live="polite">
      <Loader size={size} aria-hidden="true" />
      <VisuallyHidden>Loading...</VisuallyHidden>
    </Center>
  );
}
