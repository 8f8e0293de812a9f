// A timestamp authority (RFC 3161) on loopback for tests of sealing: real DER over HTTP, told to
// refuse, fail, answer garbage or hold its answer.
import { createHash, webcrypto } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";

const OID = {
  signedData: "1.2.840.113549.1.7.2",
  contentType: "1.2.840.113549.1.9.3",
  messageDigest: "1.2.840.113549.1.9.4",
  tstInfo: "1.2.840.113549.1.9.16.1.4",
  timeStamping: "1.3.6.1.5.5.7.3.8",
};

/**
 * An RFC 3161 TSA on loopback, built with pkijs: answers a TimeStampReq with a token signed by a
 * certificate whose only (critical) extended key usage is timeStamping.
 */
export type TsaMode = "grant" | "http500" | "reject" | "otherImprint" | "garbage";
export class TestTsa {
  mode: TsaMode = "grant";
  requests = 0;
  /** awaited before each answer: a test holds the TSA's answer with it (then clears it) */
  before: (() => Promise<void>) | null = null;
  private server!: Server;
  private keys!: webcrypto.CryptoKeyPair;
  private certificate!: pkijs.Certificate;
  url = "";

  async start(): Promise<void> {
    this.keys = (await webcrypto.subtle.generateKey(
      { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
      true,
      ["sign", "verify"],
    )) as webcrypto.CryptoKeyPair;
    const certificate = new pkijs.Certificate();
    certificate.version = 2;
    certificate.serialNumber = new asn1js.Integer({ value: 4242 });
    const name = new pkijs.AttributeTypeAndValue({
      type: "2.5.4.3",
      value: new asn1js.Utf8String({ value: "Test TSA" }),
    });
    certificate.issuer.typesAndValues.push(name);
    certificate.subject.typesAndValues.push(name);
    certificate.notBefore.value = new Date(Date.now() - 3_600_000);
    certificate.notAfter.value = new Date(Date.now() + 86_400_000);
    certificate.extensions = [
      new pkijs.Extension({
        extnID: "2.5.29.37",
        critical: true,
        extnValue: new pkijs.ExtKeyUsage({ keyPurposes: [OID.timeStamping] }).toSchema().toBER(false),
      }),
    ];
    await certificate.subjectPublicKeyInfo.importKey(this.keys.publicKey);
    await certificate.sign(this.keys.privateKey, "SHA-256");
    this.certificate = certificate;

    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        this.requests++;
        const before = this.before?.() ?? Promise.resolve();
        before
          .then(() => this.answer(Buffer.concat(chunks), request.headers["content-type"]))
          .then(
            (body) => {
              if (!body) {
                response.writeHead(500).end("broken");
                return;
              }
              response.writeHead(200, { "content-type": "application/timestamp-reply" }).end(body);
            },
            () => response.writeHead(500).end(),
          );
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/tsa`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  private async answer(body: Buffer, contentType: string | undefined): Promise<Buffer | null> {
    if (this.mode === "http500" || contentType !== "application/timestamp-query") return null;
    if (this.mode === "garbage") return Buffer.from("not a timestamp response");
    if (this.mode === "reject") {
      const refusal = new pkijs.TimeStampResp({ status: new pkijs.PKIStatusInfo({ status: 2 }) });
      return Buffer.from(refusal.toSchema().toBER());
    }
    const request = pkijs.TimeStampReq.fromBER(new Uint8Array(body));
    const imprint =
      this.mode === "otherImprint"
        ? new pkijs.MessageImprint({
            hashAlgorithm: request.messageImprint.hashAlgorithm,
            hashedMessage: new asn1js.OctetString({ valueHex: createHash("sha256").update("other").digest() }),
          })
        : request.messageImprint;
    const tstInfo = new pkijs.TSTInfo({
      version: 1,
      policy: "1.3.6.1.4.1.99999.1",
      messageImprint: imprint,
      serialNumber: new asn1js.Integer({ value: this.requests }),
      genTime: new Date(),
      accuracy: new pkijs.Accuracy({ seconds: 1 }),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    });
    const tstDer = tstInfo.toSchema().toBER();
    const signedData = new pkijs.SignedData({
      version: 3,
      encapContentInfo: new pkijs.EncapsulatedContentInfo({
        eContentType: OID.tstInfo,
        eContent: new asn1js.OctetString({ valueHex: tstDer }),
      }),
      certificates: [this.certificate],
      signerInfos: [
        new pkijs.SignerInfo({
          version: 1,
          sid: new pkijs.IssuerAndSerialNumber({
            issuer: this.certificate.issuer,
            serialNumber: this.certificate.serialNumber,
          }),
          signedAttrs: new pkijs.SignedAndUnsignedAttributes({
            type: 0,
            attributes: [
              new pkijs.Attribute({
                type: OID.contentType,
                values: [new asn1js.ObjectIdentifier({ value: OID.tstInfo })],
              }),
              new pkijs.Attribute({
                type: OID.messageDigest,
                values: [
                  new asn1js.OctetString({ valueHex: createHash("sha256").update(Buffer.from(tstDer)).digest() }),
                ],
              }),
            ],
          }),
        }),
      ],
    });
    await signedData.sign(this.keys.privateKey, 0, "SHA-256");
    const response = new pkijs.TimeStampResp({
      status: new pkijs.PKIStatusInfo({ status: 0 }),
      timeStampToken: new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) }),
    });
    return Buffer.from(response.toSchema().toBER());
  }
}
