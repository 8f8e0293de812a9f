import type { Participant, SealedArtifact } from "@signet/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpCapture, startSmtpCapture } from "../apps/api/test/support/smtp-capture.ts";
import { DEMO_PASSWORD, startTestApp, type TestApp } from "./support/app.ts";
import { expectNoAxeViolations } from "./support/axe.ts";
import { type BrowserSession, launchBrowser } from "./support/browser.ts";
import { expectNoHorizontalOverflow, signIn } from "./support/journeys.ts";
import { FIXTURE_PDFS, readAsPage } from "./support/package-helpers.ts";
import {
  adminClient,
  buildPackage,
  consentInRoom,
  invitationFor,
  pdfText,
  signingLinkIn,
} from "./support/signing-helpers.ts";

// Issue 34 §2b in the browser: the sender chooses "Witness for" in the builder; the witness, in a
// browser of their own on a phone, opens the room early and is told whom they will witness; the
// signer signs in another browser; then the witness is emailed, signs the witness tag, and the
// sealed document prints the witness's name and "Witness to <signer>".

const PHONE = { width: 390, height: 844 };

describe("a witness signs after the signer they witness", () => {
  let app: TestApp;
  let smtp: SmtpCapture;
  let sender: BrowserSession;
  let signer: BrowserSession;
  let witness: BrowserSession;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    app = await startTestApp({ SMTP_URL: smtp.url });
    sender = await launchBrowser({ baseURL: app.url, viewport: { width: 1280, height: 900 }, bypassCSP: true });
    signer = await launchBrowser({ viewport: PHONE, mobile: true, bypassCSP: true });
    witness = await launchBrowser({ viewport: PHONE, mobile: true, bypassCSP: true });
  });
  afterAll(async () => {
    await witness?.close();
    await signer?.close();
    await sender?.close();
    await app?.close();
    await smtp?.close();
  });

  it("builder choice, waiting room, signer first, then the witness tag, sealed with the witness line", async () => {
    const client = await adminClient(app);
    const { pkg, api, participants, document } = await buildPackage(app, client, {
      name: "Stone deed",
      participants: [{ type: "Borrower", givenName: "Ada", familyName: "Stone", email: "ada.deed@example.com" }],
    });
    const ada = participants[0]!;
    const participantsPath = `/api/v5/organizations/${app.demo.organizations.customer}/packages/${pkg.id}/participants`;

    // the sender adds the witness in the builder, choosing whom they witness
    const page = sender.page;
    await page.goto("/sign-in");
    await signIn(page, app.users.admin, DEMO_PASSWORD);
    await page.waitForURL((url) => url.pathname !== "/sign-in");
    await page.goto(`/packages/${pkg.id}/build?step=1`);
    const form = page.getByRole("form", { name: "Add participant" });
    await form.getByLabel("Type").fill("Witness");
    await page.keyboard.press("Escape");
    await form.getByLabel("First name").fill("Wes");
    await form.getByLabel("Last name").fill("Lee");
    await form.getByRole("textbox", { name: "Email" }).fill("wes.deed@example.com");
    const witnessFor = form.getByRole("combobox", { name: "Witness for" });
    await witnessFor.click();
    await page.getByRole("option", { name: "Ada Stone (BORROWER 1)" }).click();
    await expect.poll(() => witnessFor.inputValue()).toBe("Ada Stone (BORROWER 1)");
    await expectNoAxeViolations(page);
    await form.getByRole("button", { name: "Add participant" }).click();
    // the participants table says whom the new row witnesses
    await page.getByRole("table", { name: "Participants" }).getByText("Witness to Ada Stone").waitFor();
    let wes: Participant | undefined;
    await expect
      .poll(async () => {
        const listed = await client.get<{ records: Participant[] }>(participantsPath);
        wes = listed.body.records.find((p) => p.email === "wes.deed@example.com");
        return wes?.witnessForParticipantId ?? null;
      })
      .toBe(ada.id);

    // the witness's tag, then send
    const tag = await client.request<{ id: string }>("POST", api.documentTags(document.id), {
      json: { participantId: wes!.id, type: "WITNESS_SIGNATURE", page: 1, x: 90, y: 660, width: 200, height: 64 },
    });
    expect(tag.status, JSON.stringify(tag.body)).toBe(201);
    const current = await client.get<{ version: number }>(api.package);
    const sent = await client.request("POST", api.send, { json: { version: current.body.version } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);

    // the witness opens the room before Ada signed (a signing URL, as in person): it waits for her
    const early = await client.request<{ signingURL: string }>("POST", api.signingUrl(wes!.id), { json: {} });
    expect(early.status, JSON.stringify(early.body)).toBe(201);
    await witness.page.goto(early.body.signingURL);
    await consentInRoom(witness.page);
    await witness.page.getByTestId("waiting-turn").waitFor();
    expect(await witness.page.getByTestId("waiting-for").textContent()).toBe(
      "You will witness Ada Stone’s signature. We will email you when Ada Stone has signed.",
    );
    await expectNoHorizontalOverflow(witness.page);
    await expectNoAxeViolations(witness.page);

    // the package page names the witness link both ways; in-person hosting is offered to Ada, whose turn
    // it is, not to Wes, whose turn comes after her signature
    await page.goto(`/packages/${pkg.id}`);
    const table = page.getByRole("table", { name: "Participants" });
    const adaRow = table.getByRole("row").filter({ hasText: "ada.deed@example.com" });
    const wesRow = table.getByRole("row").filter({ hasText: "wes.deed@example.com" });
    await wesRow.getByText("Witness to Ada Stone").waitFor();
    expect(await adaRow.getByTestId("witnessed-by").textContent()).toBe("Witnessed by Wes Lee");
    await adaRow.getByRole("button", { name: "Host in-person signing for BORROWER 1" }).waitFor();
    expect(await wesRow.getByRole("button", { name: /^Host in-person signing/ }).count()).toBe(0);
    await expectNoAxeViolations(page);

    // Ada signs in her own browser
    await signer.page.goto(signingLinkIn(await invitationFor(smtp, "ada.deed@example.com")));
    await consentInRoom(signer.page);
    await signer.page.getByRole("button", { name: "Signature (required)" }).first().click();
    const adopt = signer.page.getByRole("dialog", { name: "Adopt your signature" });
    await adopt.getByRole("button", { name: "Adopt and sign" }).click();
    await adopt.waitFor({ state: "hidden" });
    const signature = signer.page.getByRole("button", { name: "Signature (required)" }).first();
    if ((await signature.getAttribute("aria-pressed")) !== "true") await signature.click();
    await expect.poll(() => signature.getAttribute("aria-pressed")).toBe("true");
    await signer.page.getByRole("button", { name: "Finish" }).click();
    await signer.page.getByRole("heading", { name: "You're done" }).waitFor();

    // the witness is emailed now, and signs the witness tag with the line beneath it
    const invitation = await invitationFor(smtp, "wes.deed@example.com");
    await witness.page.goto(signingLinkIn(invitation));
    const witnessTag = witness.page.getByTestId(`tag-${tag.body.id}`);
    await witnessTag.waitFor();
    expect(await witness.page.getByTestId(`witness-line-${tag.body.id}`).textContent()).toBe("Witness to Ada Stone");
    await expectNoHorizontalOverflow(witness.page);
    await expectNoAxeViolations(witness.page);
    await witnessTag.click();
    const dialog = witness.page.getByRole("dialog", { name: "Adopt your signature" });
    await dialog.getByRole("button", { name: "Adopt and sign" }).click();
    await dialog.waitFor({ state: "hidden" });
    if ((await witnessTag.getAttribute("aria-pressed")) !== "true") await witnessTag.click();
    await expect.poll(() => witnessTag.getAttribute("aria-pressed")).toBe("true");
    await witness.page.getByRole("button", { name: "Finish" }).click();
    await witness.page.getByRole("heading", { name: "You're done" }).waitFor();

    // sealed: the witness's printed name and the line under their signature
    let sealed: SealedArtifact | undefined;
    await expect
      .poll(
        async () => {
          const artifacts = await client.get<{ records: SealedArtifact[] }>(api.sealedArtifacts);
          sealed = artifacts.body.records.find((artifact) => artifact.kind === "DOCUMENT");
          return sealed !== undefined;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    const file = await fetch(`${app.url}${api.sealedFile(sealed!.id)}`, {
      headers: { cookie: [...client.jar].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(file.status).toBe(200);
    const text = pdfText(new Uint8Array(await file.arrayBuffer()));
    expect(text).toContain("Wes Lee");
    expect(text).toContain("Witness to Ada Stone");
  });
  it("a member with package permissions only chooses a witness and places the witness tag from the palette", async () => {
    const member = await launchBrowser({ baseURL: app.url, viewport: { width: 1440, height: 1000 } });
    try {
      const page = member.page;
      await page.goto("/sign-in");
      await signIn(page, app.users.member, DEMO_PASSWORD);
      await page.getByRole("heading", { name: "Workspace", level: 1 }).waitFor();
      await page.getByRole("button", { name: "New package" }).click();
      await page.waitForURL(/\/packages\/[0-9a-f-]+\/build\?step=1$/);
      const packageId = page.url().match(/packages\/([0-9a-f-]+)\/build/)?.[1] as string;
      const form = page.getByRole("form", { name: "Add participant" });
      const add = async (type: string, given: string, email: string, witnessOf?: string) => {
        await form.getByLabel("Type").fill(type);
        await page.keyboard.press("Escape");
        await form.getByLabel("First name").fill(given);
        await form.getByLabel("Last name").fill("Reyes");
        await form.getByRole("textbox", { name: "Email" }).fill(email);
        if (witnessOf) {
          const witnessFor = form.getByRole("combobox", { name: "Witness for" });
          await witnessFor.click();
          await page.getByRole("option", { name: witnessOf }).click();
          await expect.poll(() => witnessFor.inputValue()).toBe(witnessOf);
        }
        await form.getByRole("button", { name: "Add participant" }).click();
        await page.getByRole("table", { name: "Participants" }).getByText(`${given} Reyes`).waitFor();
      };
      await add("Borrower", "Rosa", "rosa.reyes@example.com");
      await add("Witness", "Tomas", "tomas.reyes@example.com", "Rosa Reyes (BORROWER 1)");
      await page.getByRole("table", { name: "Participants" }).getByText("Witness to Rosa Reyes").waitFor();

      await page.getByRole("button", { name: "Next" }).click();
      await page.waitForURL(/step=2/);
      await page.getByLabel("Choose files to upload").setInputFiles([`${FIXTURE_PDFS}minimal-document.pdf`]);
      await page.getByTestId("workspace-document").first().waitFor();
      await page.getByRole("tab", { name: "Place tags" }).click();
      await page.getByTestId("page-1").waitFor();
      // the witness's palette offers a witness signature instead of their own signature and initials
      await page.getByRole("radio", { name: "Tomas Reyes" }).check();
      await page.getByRole("button", { name: "Add Witness signature tag" }).waitFor();
      expect(await page.getByRole("button", { name: "Add Signature tag" }).count()).toBe(0);
      await page.getByRole("button", { name: "Add Witness signature tag" }).click();
      await expect.poll(() => page.getByTestId("placed-tag").count()).toBe(1);
      const org = app.demo.organizations.customer;
      await expect
        .poll(
          async () =>
            (
              await readAsPage<{ records: { type: string }[] }>(
                page,
                app,
                `/api/v6/organizations/${org}/packages/${packageId}/tags`,
              )
            ).records.map((tag) => tag.type),
          { timeout: 15_000 },
        )
        .toEqual(["WITNESS_SIGNATURE"]);
      // the signer's palette has no witness signature
      await page.getByRole("radio", { name: "Rosa Reyes" }).check();
      await page.getByRole("button", { name: "Add Signature tag" }).waitFor();
      expect(await page.getByRole("button", { name: "Add Witness signature tag" }).count()).toBe(0);
    } finally {
      await member.close();
    }
  });
});
