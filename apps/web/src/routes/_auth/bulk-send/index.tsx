import { createFileRoute } from "@tanstack/react-router";
import { searchSchema, uuid } from "../../../app/search.ts";
import { BulkSendStartPage } from "../../../features/bulk-send/BulkSendStartPage.tsx";

function BulkSendRoute() {
  const { templateId } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <BulkSendStartPage
      templateId={templateId}
      onTemplate={(next) => void navigate({ search: next ? { templateId: next } : {}, replace: true })}
    />
  );
}

export const Route = createFileRoute("/_auth/bulk-send/")({
  validateSearch: searchSchema({ templateId: uuid() }),
  component: BulkSendRoute,
});
