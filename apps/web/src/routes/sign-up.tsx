import { createFileRoute } from "@tanstack/react-router";
import { SignUpPage } from "../features/auth/SignUpPage.tsx";
import { signUpSearch } from "../features/auth/sign-up-form.ts";

/** The sign-up module: no guard; the invitation link carries ?invitation={id}&token={secret}. */
export const Route = createFileRoute("/sign-up")({ validateSearch: signUpSearch, component: SignUpPage });
