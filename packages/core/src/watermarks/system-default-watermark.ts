/** The one system default template, seeded by the migration `watermarks` (prisma/migrations/…_watermarks). */
export const SYSTEM_DEFAULT_WATERMARK_ID = "00000000-0000-4000-8000-00000000c0b1";
