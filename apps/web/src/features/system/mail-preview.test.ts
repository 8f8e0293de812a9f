import { describe, expect, it } from "vitest";
import { mailPreviewDocument } from "./mail-preview.ts";

describe("mailPreviewDocument", () => {
  it.each([
    [
      "<p>Hi</p>",
      '<!doctype html><html><head><base target="_top"><meta charset="utf-8"></head><body><p>Hi</p></body></html>',
    ],
    ["<html><head></head><body>x</body></html>", '<html><head><base target="_top"></head><body>x</body></html>'],
    [
      '<HTML><HEAD lang="en"><title>t</title></HEAD></HTML>',
      '<HTML><HEAD lang="en"><base target="_top"><title>t</title></HEAD></HTML>',
    ],
  ])("%s", (html, expected) => {
    expect(mailPreviewDocument(html)).toBe(expected);
  });
});
