import { createFileRoute } from "@tanstack/react-router";
import { BulkSendProgressPage } from "../../../features/bulk-send/BulkSendProgressPage.tsx";

function BulkSendProgressRoute() {
  const { bulkSendId } = Route.useParams();
  return <BulkSendProgressPage bulkSendId={bulkSendId} />;
}

export const Route = createFileRoute("/_auth/bulk-send/$bulkSendId")({ component: BulkSendProgressRoute });
