import fastifyMultipart from "@fastify/multipart";
import {
  errorBodySchema,
  type ImageProperties,
  imagePropertiesSchema,
  LOGO_LIMITS,
  LOGO_MESSAGES,
  routes,
} from "@signet/contract";
import { AppError, type CoreDeps, readPublicLogo, uploadOrganizationLogo } from "@signet/core";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";
import { readMultipart, readPartBytes } from "../plugins/read-multipart.ts";

// Issue 13 §2 branding: the logo upload (spec §7 multipart image upload: 'contents' + optional
// 'imageProperties') on the API, and the uploaded logo served publicly on the signing room's origin.

function parseProperties(text: string | undefined): ImageProperties {
  if (text === undefined) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", LOGO_MESSAGES.badProperties, [
      { path: "imageProperties", message: LOGO_MESSAGES.badProperties },
    ]);
  }
  const parsed = imagePropertiesSchema.safeParse(raw);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? LOGO_MESSAGES.badProperties;
    throw new AppError("BAD_REQUEST", `imageProperties: ${message}`, [{ path: "imageProperties", message }]);
  }
  return parsed.data;
}

export async function registerOrganizationLogoRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, { throwFileSizeLimit: false });
    defineRoute(scope, authenticate, routes.uploadOrganizationLogo, async ({ params, request, session }) => {
      let bytes: Buffer | null | undefined;
      let properties: string | undefined;
      for await (const part of readMultipart(request, {
        limits: { fileSize: LOGO_LIMITS.bytes, files: 1, fields: 2, fieldSize: 4096 },
      })) {
        if (part.type === "file") {
          if (part.fieldName !== "contents") {
            await part.skip();
            continue;
          }
          bytes = await readPartBytes(part);
        } else if (part.fieldName === "imageProperties") properties = part.value;
      }
      if (bytes === undefined)
        throw new AppError("BAD_REQUEST", LOGO_MESSAGES.attach, [{ path: "contents", message: LOGO_MESSAGES.attach }]);
      return uploadOrganizationLogo(
        session.actor,
        { organizationId: params.orgId, bytes, properties: parseProperties(properties) },
        deps,
      );
    });
  });
}

/** On the signing room's origin: the organization's current logo, for anyone (the room, mail clients). */
export function registerPublicLogoRoute(app: FastifyInstance, deps: CoreDeps, options: { hidden?: boolean } = {}) {
  const params = z.object({ orgId: z.uuid(), file: z.string().max(80) });
  // Served by hand, not through defineRoute (its table entry: publicLogoRoutes): unlike every file
  // defineRoute answers (private, no-store, a download name), a logo is public and cached for a year,
  // and the api listener serves it undocumented.
  app.get(
    `${LOGO_LIMITS.publicPath}/:orgId/:file`,
    {
      schema: {
        // the api listener serves it too (the administrators' preview) but documents it on the signing origin only
        hide: options.hidden ?? false,
        summary: "Public: an organization's uploaded logo (PNG or JPEG)",
        tags: ["signing room"],
        params,
        response: { "4xx": errorBodySchema, "5xx": errorBodySchema },
      },
    },
    async (request, reply) => {
      const { orgId, file } = params.parse(request.params);
      const logo = await readPublicLogo({ organizationId: orgId, file }, deps);
      // the address names the image's hash: it never changes under the same address
      reply.header("cache-control", "public, max-age=31536000, immutable");
      reply.header("x-content-type-options", "nosniff");
      reply.header("content-security-policy", "default-src 'none'; sandbox");
      reply.header("cross-origin-resource-policy", "cross-origin");
      return reply.type(logo.contentType).send(logo.stream);
    },
  );
}
