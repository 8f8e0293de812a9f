import { invitationRegistrationSchema, invitationVerifySchema, MESSAGES } from "@signet/contract";
import { z } from "zod";

// The sign-up module's forms on the contract's schemas: the registration body without the link
// secret (it comes from the URL), plus the confirmation field the API does not take.

export const signUpFormSchema = invitationRegistrationSchema
  .pick({ givenName: true, familyName: true, password: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: MESSAGES.passwordsDoNotMatch,
  });

export const verifyFormSchema = invitationVerifySchema.pick({ code: true });
