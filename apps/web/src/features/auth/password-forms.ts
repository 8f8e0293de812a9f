import { changePasswordSchema, MESSAGES, newPasswordSchema } from "@signet/contract";
import { z } from "zod";

// Form schemas built on the contract's: the same rules, plus the confirmation field the API does not take.

export const changePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password.").pipe(changePasswordSchema.shape.currentPassword),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDoNotMatch,
  });

export const newPasswordFormSchema = z
  .object({ password: newPasswordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDoNotMatch,
  });
