import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Participant, SealedArtifact, SigningRoom } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_TEST_ENV } from "./support/access-fixtures.ts";
import { poll } from "./support/poll.ts";
import {
  invitationTo,
  linkToken,
  openAndConsent,
  SigningClient,
  sendPackage,
  signablePackage,
  signEverything,
} from "./support/signing-fixtures.ts";
import { type SmtpCapture, startSmtpCapture } from "./support/smtp-capture.ts";
import { startTestApp, type TestApp } from "./support/test-app.ts";

// Issue 33 §6: the sender chooses each participant's language; invitations, reminders and the
// signing room speak it, and the participant may switch when the organization allows it.

let app: TestApp;
let smtp: SmtpCapture;
const db = () => app.server.db;
const unique = () => randomUUID().slice(0, 8);

interface ErrorReply {
  code: string;
  details?: { path: string; message: string }[];
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  app = await startTestApp({ ...ACCESS_TEST_ENV, SMTP_URL: smtp.url });
});
afterAll(async () => {
  await app?.close();
  await smtp?.close();
});

async function openRoom(email: string, after = 0) {
  const token = linkToken(await invitationTo(smtp, email, after));
  const room = new SigningClient(app.server.signingRoom!.url);
  const opened = await room.request<SigningRoom>("POST", "/api/v1/signing/sessions", { json: { token } });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return { room, opened: opened.body };
}

describe("a participant's language", () => {
  it("sends the invitation in Korean and in Vietnamese to participants the sender set so", async () => {
    const korean = `minji-${unique()}@example.com`;
    const vietnamese = `lan-${unique()}@example.com`;
    const s = await signablePackage(app, db(), {
      signers: [
        { givenName: "Minji", email: korean, language: "ko" },
        { givenName: "Lan", email: vietnamese, language: "vi" },
      ],
    });
    expect(s.signers.map((signer) => signer.language)).toEqual(["ko", "vi"]);
    // an organization template exists in English and Spanish only: these participants still read their language
    const template = await s.admin.request("POST", `/api/v1/organizations/${s.org.organizationId}/email-templates`, {
      json: {
        kind: "invitation",
        name: "Our invitation",
        contents: {
          en: { subject: "{{subject}}", body: '<p>Hi {{recipient.name}} <a href="{{signingLink}}">go</a></p>' },
        },
      },
    });
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    await sendPackage(s, db());

    const toKorean = await invitationTo(smtp, korean);
    expect(toKorean.parsed.subject).toBe("문서가 준비되었습니다");
    expect(String(toKorean.parsed.html)).toContain("Minji Okafor 님, 안녕하십니까.");
    expect(toKorean.parsed.text).toContain("문서 검토하기");
    expect(toKorean.parsed.text).not.toContain("Hi Minji");

    const toVietnamese = await invitationTo(smtp, vietnamese);
    expect(toVietnamese.parsed.subject).toBe("Tài liệu của quý vị đã sẵn sàng");
    expect(String(toVietnamese.parsed.html)).toContain("Kính gửi Lan Okafor,");
    expect(toVietnamese.parsed.text).toContain("Xem tài liệu");
  });

  it("opens the room in the sender's choice and lets the participant switch only when the organization allows it", async () => {
    const email = `ana-${unique()}@example.com`;
    const s = await signablePackage(app, db(), { signers: [{ givenName: "Ana", email, language: "tl" }] });
    await sendPackage(s, db());
    const { room, opened } = await openRoom(email);
    expect([opened.language, opened.languages]).toEqual(["tl", ["tl"]]);

    // the organization does not let participants switch: the sender's choice is the only one
    const refused = await room.request<ErrorReply>("PUT", "/api/v1/signing/language", { json: { language: "en" } });
    expect(refused.status).toBe(400);
    const unknown = await room.request<ErrorReply>("PUT", "/api/v1/signing/language", { json: { language: "fr" } });
    expect([unknown.status, unknown.body.details?.[0]?.path]).toEqual([400, "language"]);

    await db().organization.update({ where: { id: s.org.organizationId }, data: { enabledMultiLangSRSupport: true } });
    const offered = await room.room();
    expect(offered.body.languages).toEqual(["en", "es", "zh-Hant", "vi", "ko", "tl"]);
    const switched = await room.request<SigningRoom>("PUT", "/api/v1/signing/language", {
      json: { language: "zh-Hant" },
    });
    expect([switched.status, switched.body.language]).toEqual([200, "zh-Hant"]);

    // the switch is kept on the participant: the sender sees it and the reminder speaks it
    const read = await s.admin.request<{ records: Participant[] }>("GET", s.paths.participants(s.pkg.id));
    expect(read.body.records.map((participant) => participant.language)).toEqual(["zh-Hant"]);
    const before = smtp.messages.length;
    const reminded = await s.admin.request("POST", s.api.reminders, { json: {} });
    expect(reminded.status, JSON.stringify(reminded.body)).toBe(200);
    const reminder = await smtp.waitFor(
      (mail) => mail.envelopeTo.includes(email) && smtp.messages.indexOf(mail) >= before,
    );
    expect(reminder.parsed.subject).toBe("提醒：「Okafor refinance」正等待您處理");
    expect(reminder.parsed.text).toContain("審閱文件");
  });

  it("is set and changed by the sender, refused when unknown, and English when not given", async () => {
    const s = await signablePackage(app, db(), {
      signers: [{ givenName: "Ben", email: `ben-${unique()}@example.com` }],
    });
    const { paths } = s;
    const signer = s.signers[0]!;
    expect(signer.language).toBe("en");
    const changed = await s.admin.request<Participant>("PATCH", paths.participant(s.pkg.id, signer.id), {
      json: { version: signer.version, language: "es" },
    });
    expect([changed.status, changed.body.language]).toEqual([200, "es"]);
    const wrong = await s.admin.request<ErrorReply>("PATCH", paths.participant(s.pkg.id, signer.id), {
      json: { version: changed.body.version, language: "klingon" },
    });
    expect([wrong.status, wrong.body.details?.[0]?.path]).toEqual([400, "language"]);
    const added = await s.admin.request<Participant>("POST", paths.participants(s.pkg.id), {
      json: { type: "Co-Borrower", givenName: "Thu", email: `thu-${unique()}@example.com`, language: "vi" },
    });
    expect([added.status, added.body.language]).toEqual([201, "vi"]);
  });
});

describe("the sealed certificate of completion", () => {
  it("prints its labels in the Korean, Chinese and Vietnamese of its signers, in an embedded font", async () => {
    const people = [
      { givenName: "민지", email: `minji-${unique()}@example.com`, language: "ko" },
      { givenName: "美玲", email: `meiling-${unique()}@example.com`, language: "zh-Hant" },
      { givenName: "Thị Lan", email: `thilan-${unique()}@example.com`, language: "vi" },
    ];
    const s = await signablePackage(app, db(), { signers: people });
    await sendPackage(s, db());
    for (const person of people) {
      const { client, room } = await openAndConsent(
        app.server.signingRoom!.url,
        linkToken(await invitationTo(smtp, person.email)),
      );
      expect(room.language).toBe(person.language);
      expect((await signEverything(client, room)).status).toBe(200);
    }
    await poll(
      "the package to be sealed",
      async () => (await db().package.findUniqueOrThrow({ where: { id: s.pkg.id } })).sealedAt,
      { timeoutMs: 30_000 },
    );
    const artifacts = await s.admin.get<{ records: SealedArtifact[] }>(s.api.sealedArtifacts);
    const certificate = artifacts.body.records.find((artifact) => artifact.kind === "CERTIFICATE")!;
    const response = await fetch(`${app.url}${s.api.sealedFile(certificate.id)}`, {
      headers: { cookie: [...s.admin.jar].map(([key, value]) => `${key}=${value}`).join("; ") },
    });
    expect(response.status).toBe(200);
    const file = join(mkdtempSync(join(tmpdir(), "signet-languages-")), "certificate.pdf");
    writeFileSync(file, new Uint8Array(await response.arrayBuffer()));

    // labels wrap inside their column: compare with the white space taken out
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, "");
    expect(text).toContain("Signature/서명/簽名/Chữký");
    expect(text).toContain("CertificateofCompletion/완료증명서/完成證明書/Giấychứngnhậnhoàntất");
    for (const name of ["민지Okafor", "美玲Okafor", "ThịLanOkafor"]) expect(text).toContain(name);
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" }).split("\n").slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font.trim().split(/\s+/).at(-5), font).toBe("yes");
  });
});
