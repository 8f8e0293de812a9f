import { IconStack2 } from "@tabler/icons-react";
import { ButtonLink } from "../../components/links.tsx";

/**
 * The entry point to bulk send: the page that starts one, with the template already chosen when
 * given (for the package templates' screens and the workspace header).
 */
export function BulkSendLink({ templateId, variant = "default" }: { templateId?: string; variant?: string }) {
  return (
    <ButtonLink
      to="/bulk-send"
      search={templateId ? { templateId } : {}}
      variant={variant}
      leftSection={<IconStack2 size={16} aria-hidden />}
    >
      Bulk send
    </ButtonLink>
  );
}
