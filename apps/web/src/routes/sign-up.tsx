import { createFileRoute } from "@tanstack/react-router";
import { signUpSearch } from "../app/search.ts";
import { SignUpPage } from "../features/auth/SignUpPage.tsx";

/** The sign-up module: no guard; the invitation link carries ?invitation={id}&token={secret}. */
export const Route = createFileRoute("/sign-up")({ validateSearch: signUpSearch, component: SignUpPage });
