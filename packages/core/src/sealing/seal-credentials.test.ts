import { createHash, generateKeyPairSync, randomBytes, sign, verify, X509Certificate } from "node:crypto";
import forge from "node-forge";
import { describe, expect, it } from "vitest";
import { createDevelopmentSealP12, loadSealCredentials } from "./seal-credentials.ts";

const UNREADABLE = "The seal certificate could not be read: wrong password or not a PKCS#12 file.";

/** A CA-issued chain packed by forge, to check the leaf and the chain are told apart. */
function chainedP12(password: string): { p12: Uint8Array; names: string[] } {
  const forgeKey = () => {
    const pair = generateKeyPairSync("rsa", { modulusLength: 2048 });
    return {
      privateKey: forge.pki.privateKeyFromPem(pair.privateKey.export({ type: "pkcs1", format: "pem" }).toString()),
      publicKey: forge.pki.publicKeyFromPem(pair.publicKey.export({ type: "spki", format: "pem" }).toString()),
    };
  };
  const issue = (
    cn: string,
    serial: string,
    keys: ReturnType<typeof forgeKey>,
    issuer: { cn: string; keys: ReturnType<typeof forgeKey> } | null,
    ca: boolean,
  ) => {
    const certificate = forge.pki.createCertificate();
    certificate.publicKey = keys.publicKey;
    certificate.serialNumber = serial;
    certificate.validity.notBefore = new Date(Date.now() - 60_000);
    certificate.validity.notAfter = new Date(Date.now() + 86_400_000);
    certificate.setSubject([{ shortName: "CN", value: cn }]);
    certificate.setIssuer([{ shortName: "CN", value: issuer?.cn ?? cn }]);
    certificate.setExtensions([{ name: "basicConstraints", cA: ca }]);
    certificate.sign((issuer?.keys ?? keys).privateKey, forge.md.sha256.create());
    return certificate;
  };
  const rootKeys = forgeKey();
  const intermediateKeys = forgeKey();
  const leafKeys = forgeKey();
  const root = issue("Test Root", "01", rootKeys, null, true);
  const intermediate = issue("Test Intermediate", "02", intermediateKeys, { cn: "Test Root", keys: rootKeys }, true);
  const leaf = issue("Test Leaf", "03", leafKeys, { cn: "Test Intermediate", keys: intermediateKeys }, false);
  // deliberately out of order
  const asn1 = forge.pkcs12.toPkcs12Asn1(leafKeys.privateKey, [root, leaf, intermediate], password, {
    algorithm: "aes256",
  });
  return {
    p12: new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary")),
    names: ["Test Intermediate", "Test Root"],
  };
}

describe("createDevelopmentSealP12 and loadSealCredentials", () => {
  it("round-trips a development seal", () => {
    const before = Date.now();
    const credentials = loadSealCredentials(createDevelopmentSealP12("Acme Lending seal", "s3cret", 2), "s3cret");
    const certificate = new X509Certificate(credentials.certificate);

    expect(credentials.subject).toBe("CN=Acme Lending seal, O=Signet development seal");
    expect(certificate.issuer).toBe(certificate.subject);
    expect(credentials.chain).toEqual([]);
    expect(credentials.fingerprintSha256).toBe(createHash("sha256").update(credentials.certificate).digest("hex"));
    expect(credentials.notAfter.getTime()).toBe(new Date(certificate.validTo).getTime());
    const twoYears = 2 * 365.25 * 86_400_000;
    expect(Math.abs(credentials.notAfter.getTime() - (before + twoYears))).toBeLessThan(86_400_000);
    expect(new Date(certificate.validFrom).getTime()).toBeLessThanOrEqual(before);

    expect(credentials.privateKey.asymmetricKeyType).toBe("rsa");
    expect(credentials.privateKey.asymmetricKeyDetails?.modulusLength).toBe(2048);
    expect(certificate.checkPrivateKey(credentials.privateKey)).toBe(true);
    const message = Buffer.from("sealed");
    expect(verify("sha256", message, certificate.publicKey, sign("sha256", message, credentials.privateKey))).toBe(
      true,
    );

    // Node lists extended key usages under keyUsage
    expect(certificate.keyUsage).toEqual(expect.arrayContaining(["1.3.6.1.5.5.7.3.4", "1.3.6.1.4.1.311.10.3.12"]));
    expect(certificate.ca).toBe(false);
    expect(Number.parseInt(certificate.serialNumber.slice(0, 1), 16)).toBeLessThan(8);
  });

  it("keeps a non-ASCII common name intact", () => {
    const credentials = loadSealCredentials(createDevelopmentSealP12("Clínica Ñandú 王", "pw"), "pw");
    expect(credentials.subject).toBe("CN=Clínica Ñandú 王, O=Signet development seal");
  });

  it("makes a new key and serial each time", () => {
    const a = loadSealCredentials(createDevelopmentSealP12("Seal", "pw"), "pw");
    const b = loadSealCredentials(createDevelopmentSealP12("Seal", "pw"), "pw");
    expect(a.fingerprintSha256).not.toBe(b.fingerprintSha256);
  });

  it("finds the leaf by its key and orders the chain upwards", () => {
    const { p12, names } = chainedP12("pw");
    const credentials = loadSealCredentials(p12, "pw");
    expect(credentials.subject).toBe("CN=Test Leaf");
    expect(credentials.chain.map((der) => new X509Certificate(der).subject)).toEqual(names.map((n) => `CN=${n}`));
  });

  it("refuses a wrong password", () => {
    const p12 = createDevelopmentSealP12("Seal", "right");
    expect(() => loadSealCredentials(p12, "wrong")).toThrow(UNREADABLE);
    expect(() => loadSealCredentials(p12, "")).toThrow(UNREADABLE);
  });

  it.each([
    { name: "random bytes", bytes: randomBytes(2048) },
    { name: "nothing", bytes: new Uint8Array(0) },
    { name: "a PEM certificate", bytes: Buffer.from("-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n") },
    { name: "a truncated P12", bytes: createDevelopmentSealP12("Seal", "pw").subarray(0, 600) },
  ])("refuses $name", ({ bytes }) => {
    expect(() => loadSealCredentials(new Uint8Array(bytes), "pw")).toThrow(UNREADABLE);
  });
});
