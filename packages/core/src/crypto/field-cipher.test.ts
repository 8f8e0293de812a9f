import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFieldCipher, fieldEncryptionKey, previousFieldEncryptionKeys } from "./field-cipher.ts";

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

  it("reads with the keys it replaced, writes with the current one, and says what needs re-encrypting", () => {
    const [oldKey, newKey] = [randomBytes(32), randomBytes(32)];
    const before = createFieldCipher(oldKey).encrypt("whsec_old");
    const rotated = createFieldCipher(newKey, [oldKey]);
    expect(rotated.decrypt(before)).toBe("whsec_old");
    const moved = rotated.reencrypt(before);
    expect(moved).not.toBeNull();
    expect(createFieldCipher(newKey).decrypt(moved!)).toBe("whsec_old");
    expect(rotated.reencrypt(moved!)).toBeNull();
    expect(() => createFieldCipher(newKey).decrypt(before)).toThrow();
    expect(() => rotated.reencrypt(createFieldCipher(randomBytes(32)).encrypt("x"))).toThrow();
  });

  it("keeps the keys values may still be under: previous field keys and those derived from each AUTH_SECRET", () => {
    const explicit = randomBytes(32);
    const previous = randomBytes(32);
    const keys = previousFieldEncryptionKeys({
      current: explicit,
      previousFieldKeys: [previous.toString("hex"), previous.toString("base64")],
      authSecret: "a".repeat(40),
      previousAuthSecrets: ["b".repeat(40)],
    });
    expect(keys).toEqual([
      previous,
      fieldEncryptionKey(undefined, "a".repeat(40)),
      fieldEncryptionKey(undefined, "b".repeat(40)),
    ]);
    // with no FIELD_ENCRYPTION_KEY the current key is the derived one, and is not listed again
    const derived = fieldEncryptionKey(undefined, "a".repeat(40));
    expect(
      previousFieldEncryptionKeys({
        current: derived,
        previousFieldKeys: [],
        authSecret: "a".repeat(40),
        previousAuthSecrets: [],
      }),
    ).toEqual([]);
  });
});
