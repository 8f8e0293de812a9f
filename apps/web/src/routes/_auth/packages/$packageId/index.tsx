import { createFileRoute } from "@tanstack/react-router";
import { PackageDetailPage } from "../../../../features/packages/detail/PackageDetailPage.tsx";

function PackageDetailRoute() {
  const { packageId } = Route.useParams();
  return <PackageDetailPage packageId={packageId} />;
}

export const Route = createFileRoute("/_auth/packages/$packageId/")({ component: PackageDetailRoute });
