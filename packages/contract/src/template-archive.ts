import { z } from "zod";
import { packageBlueprintSchema } from "./template-blueprint.ts";

// Document and package templates in the organization configuration archive (issue 13 §6): each
// template by its name with its groups by name, its builder package as a blueprint and, for a
// document template, its newest published version. Blueprint files are archive entries
// (files/<section>/<sha256>.pdf), so equal files are stored once and two exports of the same
// configuration are equal.

const groupNames = z.array(z.string().trim().min(1).max(200)).max(500);

export const documentTemplateItemSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().max(1000).nullable(),
    active: z.boolean(),
    groups: groupNames,
    builder: packageBlueprintSchema,
    published: packageBlueprintSchema.nullable(),
  })
  .strict();
export type DocumentTemplateItem = z.infer<typeof documentTemplateItemSchema>;

export const packageTemplateItemSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    description: z.string().max(1000).nullable(),
    active: z.boolean(),
    groups: groupNames,
    builder: packageBlueprintSchema,
  })
  .strict();
export type PackageTemplateItem = z.infer<typeof packageTemplateItemSchema>;
