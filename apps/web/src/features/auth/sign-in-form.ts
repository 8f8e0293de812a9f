import * as z from "zod/mini";
import { tokenRequestSchema } from "../../api/entry-routes.ts";

// The contract's fields (their zod/mini copy: this page is in the first download), behind a
// friendlier "required" message for the form.
export const signInSchema = z.object({
  username: z.pipe(
    z.string().check(z.trim(), z.minLength(1, "Enter your email address.")),
    tokenRequestSchema.shape.username,
  ),
  password: z.pipe(z.string().check(z.minLength(1, "Enter your password.")), tokenRequestSchema.shape.password),
});
export type SignInValues = z.input<typeof signInSchema>;
export type SignInField = keyof SignInValues;
export type SignInErrors = Partial<Record<SignInField, string>>;

/** The parsed fields, or the first message of each wrong field (what the form shows under it). */
export function signInCheck(values: SignInValues): { data: z.output<typeof signInSchema> } | { errors: SignInErrors } {
  const parsed = z.safeParse(signInSchema, values);
  if (parsed.success) return { data: parsed.data };
  const errors: SignInErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as SignInField;
    errors[field] ??= issue.message;
  }
  return { errors };
}
