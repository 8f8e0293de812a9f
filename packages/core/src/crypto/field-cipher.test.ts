import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFieldCipher, fieldEncryptionKey } from "./field-cipher.ts";

describe("field cipher", () => {
  it("round-trips and never repeats a ciphertext", () => {
    const cipher = createFieldCipher(fieldEncryptionKey(undefined, "a".repeat(40)));
    const a = cipher.encrypt("123-45-6789");
    const b = cipher.encrypt("123-45-6789");
    expect(a).not.toBe(b);
    expect(a).not.toContain("6789");
    expect(cipher.decrypt(a)).toBe("123-45-6789");
  });

  it("refuses a changed text or another key", () => {
    const cipher = createFieldCipher(fieldEncryptionKey(undefined, "a".repeat(40)));
    const sealed = Buffer.from(cipher.encrypt("secret"), "base64");
    sealed[sealed.length - 1] = (sealed[sealed.length - 1] ?? 0) ^ 1;
    expect(() => cipher.decrypt(sealed.toString("base64"))).toThrow();
    const other = createFieldCipher(fieldEncryptionKey(undefined, "b".repeat(40)));
    expect(() => other.decrypt(cipher.encrypt("secret"))).toThrow();
  });

  it("takes a 32-byte key in hex or base64 and refuses another size", () => {
    const key = randomBytes(32);
    expect(fieldEncryptionKey(key.toString("hex"), "x")).toEqual(key);
    expect(fieldEncryptionKey(key.toString("base64"), "x")).toEqual(key);
    expect(() => fieldEncryptionKey(randomBytes(16).toString("base64"), "x")).toThrow(/32 bytes/);
  });
});
