import { watermarkRoutes } from "@signet/contract";
import { type QueryClient, queryOptions } from "@tanstack/react-query";
import { api, apiWithResponse } from "../../api/client.ts";

export const watermarkQueries = {
  templates: (orgId: string) =>
    queryOptions({
      queryKey: ["watermarks", orgId, "templates"],
      queryFn: ({ signal }) => api(watermarkRoutes.listWatermarkTemplates, { params: { orgId }, signal }),
    }),
  rules: (orgId: string) =>
    queryOptions({
      queryKey: ["watermarks", orgId, "rules"],
      queryFn: ({ signal }) => api(watermarkRoutes.getWatermarkRules, { params: { orgId }, signal }),
    }),
  systemDefault: () =>
    queryOptions({
      queryKey: ["watermarks", "system-default"],
      queryFn: ({ signal }) => api(watermarkRoutes.getDefaultWatermarkTemplate, { signal }),
    }),
};

export function refreshWatermarks(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ["watermarks"] });
}

/** The preview PDF (a sample page with the watermark) as an object URL the caller revokes. */
export async function previewPdfUrl(
  orgId: string,
  templateId: string,
  style: { text: string; position: string; angle: number; opacity: number; fontSize: number; color: string },
): Promise<string> {
  const { response } = await apiWithResponse(watermarkRoutes.previewWatermarkTemplate, {
    params: { orgId, templateId },
    body: style as never,
  });
  return URL.createObjectURL(await response.blob());
}
