import { describe, expect, it } from "vitest";
import { JSON_BODY_MESSAGES, jsonNestingDepth, MAX_JSON_DEPTH, readJsonBodyText } from "./json-body.ts";

const utf8 = (text: string) => new TextEncoder().encode(text);
const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

describe("jsonNestingDepth", () => {
  it("counts objects and arrays, not brackets inside strings or escaped quotes", () => {
    expect(jsonNestingDepth("1")).toBe(0);
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(jsonNestingDepth('{"a":"\\"[[[","b":[]}')).toBe(2);
    expect(jsonNestingDepth('["\\\\",[]]')).toBe(2);
  });

  it("stops once past the limit, on text of any depth", () => {
    expect(jsonNestingDepth(nested(100_000), 64)).toBe(65);
    expect(jsonNestingDepth(nested(100_000))).toBe(100_000);
  });
});

describe("readJsonBodyText", () => {
  it("reads UTF-8 text at the depth limit", () => {
    const text = `{"name":"Zażółć 王小明","x":${nested(MAX_JSON_DEPTH - 1)}}`;
    expect(readJsonBodyText(utf8(text))).toEqual({ ok: true, text });
  });

  it("refuses one level deeper than the limit, naming it", () => {
    expect(readJsonBodyText(utf8(nested(MAX_JSON_DEPTH + 1)))).toEqual({
      ok: false,
      message: JSON_BODY_MESSAGES.tooDeep,
    });
    expect(JSON_BODY_MESSAGES.tooDeep).toContain(String(MAX_JSON_DEPTH));
  });

  it("refuses bytes that are not UTF-8 instead of replacing them with U+FFFD", () => {
    for (const bad of [[0xff], [0xc3, 0x28], [0xed, 0xa0, 0x80], [0xe2, 0x82]]) {
      const bytes = new Uint8Array([...utf8('{"name":"'), ...bad, ...utf8('"}')]);
      expect(readJsonBodyText(bytes)).toEqual({ ok: false, message: JSON_BODY_MESSAGES.invalidUtf8 });
    }
  });
});
