import type { Prisma } from "../db/generated/client.ts";

/**
 * Every word of the search must appear in the first name, last name or email, so 'ann lee'
 * finds Ann Lee and 'lee@' finds her by email. Case-insensitive.
 */
export function userSearchWhere(search: string | undefined): Prisma.UserWhereInput {
  const words = (search ?? "").split(/\s+/).filter(Boolean).slice(0, 5);
  return {
    AND: words.map((word) => ({
      OR: [
        { givenName: { contains: word, mode: "insensitive" as const } },
        { familyName: { contains: word, mode: "insensitive" as const } },
        { email: { contains: word, mode: "insensitive" as const } },
      ],
    })),
  };
}
