import { createHash } from "node:crypto";
import { HEADERS, LOGO_LIMITS, LOGO_MESSAGES, logoPublicUrl, type OrganizationLogo } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import type { HttpClient } from "./support/http-client.ts";
import { memberOfNewGroup, packageOrg } from "./support/package-fixtures.ts";
import { TINY_PNG } from "./support/signing-fixtures.ts";
import { cookieHeader } from "./support/signing-room-helpers.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 13 §2 branding: the logo uploaded as an image (spec §7 multipart: 'contents' +
// 'imageProperties'). PNG and JPEG only, by their bytes (SVG refused as active content), at most
// LOGO_LIMITS.bytes; stored in blob storage, made default_logo and logo_url, audited, and served
// publicly from the signing room's origin (only the current one).

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp(ACCESS_TEST_ENV);
});
afterAll(() => app?.close());
const db = () => app.server.db;

const PNG = Buffer.from(TINY_PNG.split(",")[1]!, "base64");
// the smallest JPEG file-type recognises: SOI, an APP0/JFIF segment, then EOI
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01]),
  Buffer.from([0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function uploadLogo(
  client: HttpClient,
  orgId: string,
  parts: { contents?: { bytes: Buffer; name: string; type: string }; imageProperties?: string },
) {
  const form = new FormData();
  if (parts.contents) {
    form.append(
      "contents",
      new Blob([new Uint8Array(parts.contents.bytes)], { type: parts.contents.type }),
      parts.contents.name,
    );
  }
  if (parts.imageProperties !== undefined) form.append("imageProperties", parts.imageProperties);
  const csrf = client.jar.get(client.csrfCookie);
  const response = await fetch(`${client.baseUrl}/api/v1/organizations/${orgId}/logo`, {
    method: "POST",
    headers: { cookie: cookieHeader(client), ...(csrf ? { [HEADERS.csrf]: csrf } : {}) },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as OrganizationLogo & { message?: string } };
}

const png = { bytes: PNG, name: "logo.png", type: "image/png" };

describe("logo upload", () => {
  it("stores a PNG, makes it default_logo and logo_url, records it and serves it from the signing origin", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const orgId = org.organizationId;
    const reply = await uploadLogo(admin, orgId, { contents: png, imageProperties: '{"fileName":"logo.png"}' });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const file = `${sha256(PNG)}.png`;
    const signingOrigin = app.server.signingRoom!.url;
    expect(reply.body).toEqual({
      default_logo: file,
      logo_url: logoPublicUrl(signingOrigin, orgId, file),
      contentType: "image/png",
      sizeBytes: PNG.length,
      sha256: sha256(PNG),
    });
    const settings = await db().organizationSetting.findMany({
      where: { organizationId: orgId, key: { in: ["default_logo", "logo_url"] } },
      orderBy: { key: "asc" },
    });
    expect(settings.map((row) => [row.key, row.value])).toEqual([
      ["default_logo", file],
      ["logo_url", reply.body.logo_url],
    ]);
    const event = await db().auditEvent.findFirstOrThrow({
      where: { streamId: orgId, type: "organization.logo-uploaded" },
    });
    expect(event.data).toMatchObject({ fileName: "logo.png", contentType: "image/png", sizeBytes: PNG.length });

    // public: no session, the exact bytes, never sniffed as anything else
    const served = await fetch(reply.body.logo_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);

    // the administrators' app previews it on its own origin (same path)
    const local = await fetch(`${app.url}${new URL(reply.body.logo_url).pathname}`);
    expect([local.status, local.headers.get("content-type")]).toEqual([200, "image/png"]);

    // a JPEG replaces it: the old address answers 404
    const jpeg = await uploadLogo(admin, orgId, { contents: { bytes: JPEG, name: "logo.jpg", type: "image/jpeg" } });
    expect(jpeg.status, JSON.stringify(jpeg.body)).toBe(201);
    expect(jpeg.body.default_logo).toBe(`${sha256(JPEG)}.jpg`);
    expect((await fetch(reply.body.logo_url)).status).toBe(404);
    const current = await fetch(jpeg.body.logo_url);
    expect([current.status, current.headers.get("content-type")]).toEqual([200, "image/jpeg"]);
    // a name that is not a logo's
    expect((await fetch(`${signingOrigin}${LOGO_LIMITS.publicPath}/${orgId}/..%2F..%2Fsecret`)).status).toBe(404);
  });

  it("refuses SVG (active content), other formats, a file too large and missing or bad parts", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const orgId = org.organizationId;
    const svg = await uploadLogo(admin, orgId, { contents: { bytes: SVG, name: "logo.png", type: "image/png" } });
    expect([svg.status, svg.body.message]).toEqual([415, LOGO_MESSAGES.notRaster]);
    const gif = await uploadLogo(admin, orgId, { contents: { bytes: GIF, name: "logo.gif", type: "image/gif" } });
    expect([gif.status, gif.body.message]).toEqual([415, LOGO_MESSAGES.notRaster]);
    const big = Buffer.concat([PNG, Buffer.alloc(LOGO_LIMITS.bytes)]);
    const large = await uploadLogo(admin, orgId, { contents: { bytes: big, name: "big.png", type: "image/png" } });
    expect([large.status, large.body.message]).toEqual([413, LOGO_MESSAGES.tooLarge]);
    const none = await uploadLogo(admin, orgId, { imageProperties: "{}" });
    expect([none.status, none.body.message]).toEqual([400, LOGO_MESSAGES.attach]);
    const bad = await uploadLogo(admin, orgId, { contents: png, imageProperties: "not json" });
    expect([bad.status, bad.body.message]).toEqual([400, LOGO_MESSAGES.badProperties]);
    const extra = await uploadLogo(admin, orgId, { contents: png, imageProperties: '{"script":"x"}' });
    expect(extra.status).toBe(400);
    expect(await db().organizationSetting.count({ where: { organizationId: orgId, key: "default_logo" } })).toBe(0);
  });

  it("needs MANAGE_ADMIN_SETTINGS, and another organization's id answers 404", async () => {
    const { org, admin } = await packageOrg(db(), app.url);
    const other = await packageOrg(db(), app.url);
    const viewer = await memberOfNewGroup(org, app.url, ["VIEW_ADMIN_SETTINGS"]);
    expect((await uploadLogo(viewer.client, org.organizationId, { contents: png })).status).toBe(403);
    const foreign = await uploadLogo(admin, other.org.organizationId, { contents: png });
    expect(foreign.status).toBe(404);
    expect(
      await db().organizationSetting.count({
        where: { organizationId: other.org.organizationId, key: "default_logo" },
      }),
    ).toBe(0);
    // default_logo through metaData takes only an uploaded logo's name
    const set = await admin.request<{ message: string }>(
      "POST",
      `/api/v1/organizations/${org.organizationId}/metaData`,
      {
        json: [{ settingName: "default_logo", value: "https://evil.example.com/x.svg" }],
      },
    );
    expect(set.status).toBe(400);
  });
});
