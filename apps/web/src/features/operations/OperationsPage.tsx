import { Page } from "../../components/Page.tsx";
import { ParkedJobsSection } from "./ParkedJobsSection.tsx";
import { ServicesSection } from "./ServicesSection.tsx";

/** Issue 14 §4: what a support engineer checks first when something stalls. */
export function OperationsPage() {
  return (
    <Page
      title="Services and queues"
      description="The health of everything Signet depends on, its background queues and any work that got stuck."
    >
      <ServicesSection />
      <ParkedJobsSection />
    </Page>
  );
}
