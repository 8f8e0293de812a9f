import { createFileRoute } from "@tanstack/react-router";
import { wholeNumber } from "../../../../app/search.ts";
import { PackageBuilderPage } from "../../../../features/packages/builder/PackageBuilderPage.tsx";

const builderStep = wholeNumber(1, 4);

function PackageBuilderRoute() {
  const { packageId } = Route.useParams();
  const { step } = Route.useSearch();
  return <PackageBuilderPage packageId={packageId} step={step} />;
}

export const Route = createFileRoute("/_auth/packages/$packageId/build")({
  // the builder's step, 1 when missing or not one of its four
  validateSearch: (search: { step?: unknown }) => ({ step: builderStep(search.step) ?? 1 }),
  component: PackageBuilderRoute,
});
