import { createFileRoute } from "@tanstack/react-router";
import { z } from "zod";
import { PackageBuilderPage } from "../../../../features/packages/builder/PackageBuilderPage.tsx";

const searchSchema = z.object({ step: z.coerce.number().int().min(1).max(4).catch(1) });

function PackageBuilderRoute() {
  const { packageId } = Route.useParams();
  const { step } = Route.useSearch();
  return <PackageBuilderPage packageId={packageId} step={step} />;
}

export const Route = createFileRoute("/_auth/packages/$packageId/build")({
  validateSearch: searchSchema,
  component: PackageBuilderRoute,
});
