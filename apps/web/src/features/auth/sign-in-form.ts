import { tokenRequestSchema } from "@signet/contract";
import { z } from "zod";

// The contract's fields, behind a friendlier "required" message for the form.
export const signInSchema = z.object({
  username: z.string().trim().min(1, "Enter your email address.").pipe(tokenRequestSchema.shape.username),
  password: z.string().min(1, "Enter your password.").pipe(tokenRequestSchema.shape.password),
});
export type SignInValues = z.input<typeof signInSchema>;
export type SignInField = keyof SignInValues;
export type SignInErrors = Partial<Record<SignInField, string>>;

/** The parsed fields, or the first message of each wrong field (what the form shows under it). */
export function signInCheck(values: SignInValues): { data: z.output<typeof signInSchema> } | { errors: SignInErrors } {
  const parsed = signInSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as SignInField;
    errors[field] ??= issue.message;
  }
  return { errors };
}
