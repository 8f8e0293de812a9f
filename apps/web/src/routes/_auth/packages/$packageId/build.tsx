import { createFileRoute } from "@tanstack/react-router";
import * as z from "zod/mini";
import { PackageBuilderPage } from "../../../../features/packages/builder/PackageBuilderPage.tsx";

const searchSchema = z.object({ step: z.catch(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(4)), 1) });

function PackageBuilderRoute() {
  const { packageId } = Route.useParams();
  const { step } = Route.useSearch();
  return <PackageBuilderPage packageId={packageId} step={step} />;
}

export const Route = createFileRoute("/_auth/packages/$packageId/build")({
  validateSearch: searchSchema,
  component: PackageBuilderRoute,
});
