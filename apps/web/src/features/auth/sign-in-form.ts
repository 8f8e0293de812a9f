// The sign-in fields checked by hand (this page is in the first download, which holds no zod; issue 17):
// the contract's limits with classic zod's texts, behind a friendlier "required" message for the form.
// sign-in-form.test.ts holds the limits to the contract's token request.

export interface SignInValues {
  username: string;
  password: string;
}
export type SignInField = keyof SignInValues;
export type SignInErrors = Partial<Record<SignInField, string>>;

const USERNAME_MAX = 254;
const PASSWORD_MAX = 256;
const tooLong = (max: number) => `Too big: expected string to have <=${max} characters`;

/** The parsed fields (the email trimmed), or the message of each wrong field (what the form shows under it). */
export function signInCheck(values: SignInValues): { data: SignInValues } | { errors: SignInErrors } {
  const username = values.username.trim();
  const errors: SignInErrors = {};
  if (username.length === 0) errors.username = "Enter your email address.";
  else if (username.length > USERNAME_MAX) errors.username = tooLong(USERNAME_MAX);
  if (values.password.length === 0) errors.password = "Enter your password.";
  else if (values.password.length > PASSWORD_MAX) errors.password = tooLong(PASSWORD_MAX);
  return Object.keys(errors).length > 0 ? { errors } : { data: { username, password: values.password } };
}
