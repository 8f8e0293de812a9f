import { z } from "zod";

// The fields most records answer with, described once for the OpenAPI documents.

/** Optimistic locking: the version to send back with a change or a delete. */
export const recordVersion = z
  .number()
  .int()
  .describe(
    "The record's version: it goes up by one on every change; send it back to change or delete the record (optimistic locking)",
  );
export const recordCreatedAt = z.string().describe("When the record was created (ISO 8601 time)");
export const recordUpdatedAt = z.string().describe("When the record last changed (ISO 8601 time)");
