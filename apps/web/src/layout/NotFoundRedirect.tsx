import { Navigate, useRouterState } from "@tanstack/react-router";
import { useSessionUser } from "../app/services-context.tsx";

/**
 * Spec §2: any unknown path redirects to sign-in. A signed-out visitor keeps the path as returnUrl;
 * a signed-in one does not (sign-in would send them straight back to the unknown path).
 */
export function NotFoundRedirect() {
  const href = useRouterState({ select: (s) => s.location.href });
  const user = useSessionUser();
  return <Navigate to="/sign-in" search={{ returnUrl: user ? undefined : href }} replace />;
}
