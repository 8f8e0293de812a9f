import { z } from "zod";
import { ID } from "./ids.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Issue 13 §2 branding: the organization's logo uploaded as an image (spec §7 multipart image upload:
// a `contents` file part and an optional `imageProperties` JSON part). Only raster PNG and JPEG are
// taken, recognised by their bytes: SVG is refused because it is active content (scripts, external
// references) that the signing room and mail clients would run or fetch. The image is kept in blob
// storage and served publicly from the signing room's origin, so the room (CSP img-src 'self') and
// emails can load it.
//
// Settings (spec §9): default_logo names the uploaded image ("<sha256>.png|jpg", empty: none);
// logo_url is the address the signing room and emails load. An upload sets both (logo_url to the
// uploaded image's public address); typing another logo_url uses that address instead.

export const LOGO_LIMITS = {
  bytes: 512 * 1024,
  /** the public route's path on the signing room's origin */
  publicPath: "/api/v1/signing/logos",
} as const;

export const LOGO_MESSAGES = {
  attach: "Attach the image in the part named 'contents'.",
  notRaster: "Upload a PNG or JPEG image. SVG and other formats are not accepted (SVG can carry scripts).",
  tooLarge: `The logo is larger than ${LOGO_LIMITS.bytes / 1024} KB.`,
  badProperties: 'imageProperties must be JSON like {"fileName":"logo.png"}.',
  notFound: "Logo not found.",
} as const;

/** default_logo's stored form: the image's SHA-256 and its extension. */
export const DEFAULT_LOGO_PATTERN = /^[0-9a-f]{64}\.(png|jpg)$/;

export const imagePropertiesSchema = z
  .object({
    fileName: z.string().trim().max(200).optional().describe("The original file name (kept for the audit record)"),
  })
  .strict()
  .meta({ id: "ImageProperties" });
export type ImageProperties = z.infer<typeof imagePropertiesSchema>;

export const organizationLogoSchema = z
  .object({
    default_logo: z.string().describe("The uploaded image's name in the organization's logos"),
    logo_url: z.string().describe("Its public address, now the organization's logo_url"),
    contentType: z.enum(["image/png", "image/jpeg"]).describe("The image's media type"),
    sizeBytes: z.number().int().describe("Size in bytes"),
    sha256: z.string().describe("SHA-256 (hex) of the image; it also names the file"),
  })
  .meta({ id: "OrganizationLogo" });
export type OrganizationLogo = z.infer<typeof organizationLogoSchema>;

/** The public address of an uploaded logo on the signing room's origin. */
export function logoPublicUrl(signingOrigin: string, organizationId: string, defaultLogo: string): string {
  return `${signingOrigin.replace(/\/$/, "")}${LOGO_LIMITS.publicPath}/${organizationId}/${defaultLogo}`;
}

/** The upload (api listener; the handler reads the parts itself, this entry documents them). */
export const organizationLogoRoutes = {
  uploadOrganizationLogo: define({
    base: "api",
    version: 1,
    auth: "user",
    method: "POST",
    path: "/organizations/:orgId/logo",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary: `Upload the organization's logo: multipart 'contents' (PNG or JPEG, at most ${LOGO_LIMITS.bytes / 1024} KB; SVG refused) and optional 'imageProperties' JSON`,
    tags: ["settings"],
    params: z.object({ orgId: ID.orgId }),
    multipart: z
      .object({
        contents: z.file().describe("The logo image (PNG or JPEG)"),
        imageProperties: z.string().optional().describe('JSON, e.g. {"fileName":"logo.png"}'),
      })
      .meta({ id: "OrganizationLogoUpload" }),
    response: organizationLogoSchema,
    status: 201,
  }),
} as const satisfies Record<string, RouteDef>;

/** The public image (signing origin, also served on the api origin for the administrators' preview). */
export const publicLogoRoutes = {
  getOrganizationLogoImage: define({
    base: "api",
    version: 1,
    auth: "none",
    method: "GET",
    path: "/signing/logos/:orgId/:file",
    summary: "Public: an organization's current uploaded logo (PNG or JPEG; an old or unknown one answers 404)",
    tags: ["signing room"],
    params: z.object({
      orgId: ID.orgId,
      file: z
        .string()
        .max(80)
        .describe('The logo\'s file name as the organization\'s settings name it: "<sha256>.png" or ".jpg"'),
    }),
    response: null,
    produces: "image/*",
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
