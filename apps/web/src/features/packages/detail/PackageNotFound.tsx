import { IconFileUnknown } from "@tabler/icons-react";
import { ButtonLink } from "../../../components/links.tsx";
import { ErrorPanel } from "../../system/ErrorPanel.tsx";

/** A package link that leads nowhere (mistyped, deleted, or another organization's): say so and lead back. */
export function PackageNotFound() {
  return (
    <ErrorPanel
      title="This package was not found"
      message="The link may be mistyped, or the package was deleted or belongs to another organization. Your packages are in the workspace."
      icon={<IconFileUnknown size={22} />}
      color="gray"
      actions={<ButtonLink to="/workspace">Go to the workspace</ButtonLink>}
    />
  );
}
