import { z } from "zod";
import { ID } from "./ids.ts";
import { defineRouteEntry as define, type RouteDef } from "./route-def.ts";

// Issue 33 §5: a new organization's first steps, for its administrators. Each step is ticked from
// what the organization holds, never from a click on the checklist itself.

export const ONBOARDING_STEPS = ["branding", "consent", "people", "template", "testPackage"] as const;
export type OnboardingStepId = (typeof ONBOARDING_STEPS)[number];

export const onboardingChecklistSchema = z
  .object({
    steps: z
      .array(
        z.object({
          id: z
            .enum(ONBOARDING_STEPS)
            .describe(
              "branding: a colour or logo of its own; consent: the eSign consent chosen or a consent document uploaded; people: more than one member, or an invitation sent; template: a document or package template created; testPackage: a package sent to the administrator's own email address",
            ),
          done: z.boolean().describe("Whether the organization's data shows the step done"),
        }),
      )
      .describe("The steps, in the order they are best taken"),
    allDone: z.boolean().describe("Every step is done: the checklist is no longer shown"),
  })
  .meta({ id: "OnboardingChecklist" });
export type OnboardingChecklist = z.infer<typeof onboardingChecklistSchema>;

export const onboardingRoutes = {
  getOnboardingChecklist: define({
    method: "GET",
    base: "api",
    version: 1,
    path: "/organizations/:orgId/onboarding-checklist",
    auth: "user",
    permission: ["MANAGE_ADMIN_SETTINGS"],
    summary:
      "A new organization's first steps (branding, consent, people, a template, a test package), each ticked from its data",
    tags: ["organizations"],
    params: z.object({ orgId: ID.orgId }),
    response: onboardingChecklistSchema,
    status: 200,
  }),
} as const satisfies Record<string, RouteDef>;
