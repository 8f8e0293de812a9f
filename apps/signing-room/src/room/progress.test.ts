import type { SigningRoom, SigningTag } from "@signet/contract";
import { describe, expect, it } from "vitest";
import {
  chooseRadio,
  guideKey,
  guideOrder,
  nextGuideItem,
  outstanding,
  sortTags,
  tagStates,
  valuesOf,
} from "./progress.ts";

const DOC_A = "00000000-0000-4000-8000-00000000000a";
const DOC_B = "00000000-0000-4000-8000-00000000000b";
const DOC_V = "00000000-0000-4000-8000-00000000000c";

function tag(id: string, over: Partial<SigningTag> = {}): SigningTag {
  return {
    id,
    documentId: DOC_A,
    type: "TEXT",
    page: 1,
    x: 0,
    y: 0,
    width: 100,
    height: 20,
    required: true,
    label: null,
    options: [],
    groupName: null,
    optionValue: null,
    customFieldName: null,
    defaultValue: null,
    value: null,
    ...over,
  };
}

const doc = (id: string, executionType: "E_SIGN" | "VIEW_ONLY" | "PAPER", reviewed = false) => ({
  id,
  name: id,
  numPages: 2,
  pageSizes: [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
  ],
  executionType,
  reviewed,
  fileUrl: `/file/${id}`,
});

type Parts = Pick<SigningRoom, "documents" | "tags" | "rules" | "dataCollection" | "stips"> & {
  participant: { id: string };
};

function room(over: Partial<Parts> = {}): Parts {
  return {
    participant: { id: "p1" },
    documents: [doc(DOC_A, "E_SIGN"), doc(DOC_B, "E_SIGN")],
    tags: [],
    rules: [],
    dataCollection: [],
    stips: [],
    ...over,
  };
}

describe("sortTags", () => {
  it("orders by document, then page, then top to bottom, then left to right", () => {
    const tags = [
      tag("b1", { documentId: DOC_B, page: 1, y: 10 }),
      tag("a3", { page: 2, y: 5 }),
      tag("a2", { page: 1, y: 300, x: 400 }),
      tag("a1", { page: 1, y: 300, x: 50 }),
      tag("a0", { page: 1, y: 100, x: 500 }),
    ];
    expect(sortTags(tags, [doc(DOC_A, "E_SIGN"), doc(DOC_B, "E_SIGN")]).map((t) => t.id)).toEqual([
      "a0",
      "a1",
      "a2",
      "a3",
      "b1",
    ]);
  });

  it("follows the documents' order, not the tags' document ids", () => {
    const tags = [tag("a", { documentId: DOC_A }), tag("b", { documentId: DOC_B })];
    expect(sortTags(tags, [doc(DOC_B, "E_SIGN"), doc(DOC_A, "E_SIGN")]).map((t) => t.id)).toEqual(["b", "a"]);
  });
});

describe("outstanding and nextGuideItem", () => {
  const r = room({
    documents: [doc(DOC_A, "E_SIGN"), doc(DOC_V, "VIEW_ONLY"), doc(DOC_B, "E_SIGN")],
    tags: [
      tag("sig", { type: "SIGNATURE", page: 2, y: 600 }),
      tag("name", { type: "TEXT", page: 1, y: 100 }),
      tag("optional", { type: "TEXT", page: 1, y: 50, required: false }),
      tag("later", { type: "INITIALS", documentId: DOC_B, page: 1, y: 10 }),
    ],
    dataCollection: [
      {
        id: "00000000-0000-4000-8000-0000000000g1",
        name: "Income",
        description: null,
        fields: [
          { id: "q1", label: "Employer", type: "TEXT", required: true, options: [], value: null },
          { id: "q2", label: "Bonus", type: "NUMBER", required: false, options: [], value: null },
          { id: "q3", label: "Agree", type: "CHECKBOX", required: true, options: [], value: "false" },
        ],
      },
    ],
    stips: [
      { id: "s1", name: "Pay stub", description: null, required: true, uploads: [] },
      {
        id: "s2",
        name: "W-2",
        description: null,
        required: true,
        uploads: [{ id: "u", fileName: "w2.pdf", sizeBytes: 9 }],
      },
    ],
  });

  it("lists every blocker in guide order", () => {
    const left = outstanding(r, valuesOf(r.tags), {});
    expect(left.items.map(guideKey)).toEqual([
      "tag:name",
      "tag:sig",
      `review:${DOC_V}`,
      "tag:later",
      "question:q1",
      "question:q3",
      "stip:s1",
    ]);
    expect(left.count).toBe(7);
  });

  it("counts entered values and local answers", () => {
    const left = outstanding(r, { ...valuesOf(r.tags), name: "Ann", sig: "hash" }, { q1: "ACME", q3: "true" });
    expect(left.items.map(guideKey)).toEqual([`review:${DOC_V}`, "tag:later", "stip:s1"]);
    const done = outstanding(
      {
        ...r,
        documents: r.documents.map((d) => ({ ...d, reviewed: true })),
        stips: r.stips.map((s) => ({ ...s, uploads: [{ id: "x", fileName: "a.pdf", sizeBytes: 1 }] })),
      },
      { name: "Ann", sig: "hash", later: "hash" },
      { q1: "ACME", q3: "true" },
    );
    expect(done.count).toBe(0);
  });

  it("goes to the next outstanding item after the current one, wrapping around", () => {
    const states = tagStates(r, valuesOf(r.tags));
    const order = guideOrder(r, states);
    const left = outstanding(r, { ...valuesOf(r.tags), sig: "hash" }, {});
    expect(nextGuideItem(order, left.keys, null)?.id).toBe("name");
    expect(nextGuideItem(order, left.keys, "tag:name")?.id).toBe(DOC_V);
    // from a filled tag, the next outstanding one after it
    expect(nextGuideItem(order, left.keys, "tag:sig")?.id).toBe(DOC_V);
    expect(nextGuideItem(order, left.keys, "tag:optional")?.id).toBe("name");
    expect(nextGuideItem(order, left.keys, "stip:s1")?.id).toBe("name");
    expect(nextGuideItem(order, new Set(), "tag:name")).toBeNull();
  });
});

describe("conditional rules", () => {
  const r = room({
    tags: [
      tag("box", { type: "CHECKBOX", required: false }),
      tag("detail", { type: "TEXT", y: 50, required: false }),
      tag("shown", { type: "TEXT", y: 80, required: true }),
    ],
    rules: [
      { sourceTagId: "box", targetTagId: "detail", condition: "HAS_VALUE", value: null, action: "REQUIRE" },
      { sourceTagId: "box", targetTagId: "shown", condition: "HAS_VALUE", value: null, action: "SHOW" },
    ],
  });

  it("hides a SHOW target until its rule fires and requires a REQUIRE target when it does", () => {
    const before = outstanding(r, { box: null }, {});
    expect(before.items.map(guideKey)).toEqual([]);
    expect(tagStates(r, { box: null }).get("shown")?.visible).toBe(false);
    const after = outstanding(r, { box: "true" }, {});
    expect(after.items.map(guideKey)).toEqual(["tag:detail", "tag:shown"]);
  });

  it("reads another participant's source tag from sourceTags, never asking for it", () => {
    const cross = {
      ...room({
        tags: [tag("mine", { type: "TEXT", required: false })],
        rules: [{ sourceTagId: "theirs", targetTagId: "mine", condition: "HAS_VALUE", value: null, action: "REQUIRE" }],
      }),
      sourceTags: [{ id: "theirs", type: "CHECKBOX" as const, groupName: null, optionValue: null, value: "true" }],
    };
    expect(outstanding(cross, { mine: null }, {}).items.map(guideKey)).toEqual(["tag:mine"]);
    const unchecked = { ...cross, sourceTags: [{ ...cross.sourceTags[0]!, value: null }] };
    expect(outstanding(unchecked, { mine: null }, {}).items).toEqual([]);
  });
});

describe("radio groups", () => {
  const radios = [
    tag("r1", { type: "RADIO", groupName: "g", optionValue: "yes", x: 10 }),
    tag("r2", { type: "RADIO", groupName: "g", optionValue: "no", x: 40 }),
    tag("r3", { type: "RADIO", groupName: "g", optionValue: "other", documentId: DOC_B }),
  ];

  it("keeps only the chosen button of its group (on its document)", () => {
    const values = chooseRadio(radios, { r1: "yes", r3: "other" }, radios[1]!);
    expect(values).toEqual({ r1: null, r2: "no", r3: "other" });
  });

  it("counts an unanswered group once", () => {
    const r = room({ tags: radios.slice(0, 2) });
    const left = outstanding(r, {}, {});
    expect(left.items).toHaveLength(2);
    expect(left.count).toBe(1);
    expect(outstanding(r, { r2: "no" }, {}).count).toBe(0);
  });
});
