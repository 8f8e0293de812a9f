import { useRouter } from "@tanstack/react-router";
import { useCallback } from "react";
import { useServices } from "../app/services-context.tsx";
import { endSession } from "./end-session.ts";

/** Signs out and opens sign-in with the current page as returnUrl (spec §2: the return target after logout). */
export function useSignOut() {
  const services = useServices();
  const router = useRouter();
  return useCallback(async () => {
    const { href, pathname } = router.state.location;
    await endSession(services);
    await router.navigate({
      to: "/sign-in",
      search: { returnUrl: pathname === "/sign-in" ? undefined : href },
      replace: true,
    });
  }, [services, router]);
}
