import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ReactNode } from "react";

/**
 * A form in a modal, full screen on a phone. It does not close by itself (no close button, outside
 * click or Escape): the form inside asks before dropping unsaved changes. The form mounts when the
 * modal opens, so each opening starts from the values it is given.
 */
export function FormModal({
  opened,
  title,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery("(max-width: 48em)");
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      centered
      fullScreen={phone}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      {opened && children}
    </Modal>
  );
}
