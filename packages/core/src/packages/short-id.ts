import { randomInt } from "node:crypto";

// No 0/O, 1/I/L or U: easy to read aloud and to type from a printout.
const ALPHABET = "23456789ABCDEFGHJKMNPQRSTVWXYZ";
export const SHORT_ID_LENGTH = 8;

/** A human-friendly package id (30^8 ≈ 6.6·10^11 values); unique per organization by index, retried on a clash. */
export function newShortId(): string {
  let id = "";
  for (let i = 0; i < SHORT_ID_LENGTH; i++) id += ALPHABET[randomInt(ALPHABET.length)];
  return id;
}
