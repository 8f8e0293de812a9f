import { type PostalAddress, postalAddressProblems } from "@signet/contract";
import { Prisma } from "../db/generated/client.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * The mailing address column (issue 16 §4). The contract already checked it; checking again here
 * keeps a caller that skips the contract (a job, a blueprint) from storing an address the print
 * vendor would refuse.
 */
export function addressColumn(address: PostalAddress | null | undefined): Prisma.InputJsonValue | typeof Prisma.DbNull {
  if (!address) return Prisma.DbNull;
  const problems = postalAddressProblems(address);
  if (problems.length > 0) {
    const details = problems.map((problem) => ({ path: `mailingAddress.${problem.path}`, message: problem.message }));
    throw new AppError("BAD_REQUEST", problems[0]?.message, details);
  }
  return address as unknown as Prisma.InputJsonValue;
}
