import { z } from "zod";

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
    contentType: z.enum(["image/png", "image/jpeg"]),
    sizeBytes: z.number().int(),
    sha256: z.string(),
  })
  .meta({ id: "OrganizationLogo" });
export type OrganizationLogo = z.infer<typeof organizationLogoSchema>;

/** The public address of an uploaded logo on the signing room's origin. */
export function logoPublicUrl(signingOrigin: string, organizationId: string, defaultLogo: string): string {
  return `${signingOrigin.replace(/\/$/, "")}${LOGO_LIMITS.publicPath}/${organizationId}/${defaultLogo}`;
}
