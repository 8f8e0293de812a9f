import { errorMessage } from "../../api/api-error.ts";
import { toastError } from "../../components/toast.ts";
import type { WatermarkValues } from "./watermark-form.ts";
import { previewPdfUrl } from "./watermark-queries.ts";

/** Renders the values on the server's sample PDF and opens it in a new tab. */
export async function openPreviewPdf(organizationId: string, templateId: string, values: WatermarkValues) {
  try {
    const { name: _, isDefault: __, ...style } = values;
    const url = await previewPdfUrl(organizationId, templateId, style);
    window.open(url, "_blank", "noopener");
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    toastError(errorMessage(error));
  }
}
