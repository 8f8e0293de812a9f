import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createNotarialAct,
  createNotaryProfile,
  exportNotaryJournal,
  getNotaryProfile,
  listNotarialActs,
  listNotaryJournal,
  listNotaryProfiles,
  updateNotaryProfile,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Issue 34 §4: notary profiles, the package's notarial acts, and the notary journal. */
export function registerNotarizationRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.createNotaryProfile, async ({ params, body, session, setLocation }) => {
    const profile = await createNotaryProfile(session.actor, { organizationId: params.orgId, profile: body }, deps);
    setLocation(profile.id);
    return profile;
  });
  defineRoute(app, authenticate, routes.listNotaryProfiles, async ({ params, session }) =>
    listNotaryProfiles(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.getNotaryProfile, async ({ params, session }) =>
    getNotaryProfile(session.actor, { organizationId: params.orgId, profileId: params.profileId }, deps),
  );
  defineRoute(app, authenticate, routes.updateNotaryProfile, async ({ params, body, session }) =>
    updateNotaryProfile(
      session.actor,
      { organizationId: params.orgId, profileId: params.profileId, patch: body },
      deps,
    ),
  );
  defineRoute(app, authenticate, routes.createNotarialAct, async ({ params, body, session, setLocation }) => {
    const act = await createNotarialAct(
      session.actor,
      { organizationId: params.orgId, packageId: params.packageId, act: body },
      deps,
    );
    setLocation(act.id);
    return act;
  });
  defineRoute(app, authenticate, routes.listNotarialActs, async ({ params, session }) =>
    listNotarialActs(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );
  defineRoute(app, authenticate, routes.listNotaryJournal, async ({ params, query, session }) =>
    listNotaryJournal(session.actor, { organizationId: params.orgId, notaryProfileId: query.notaryProfileId }, deps),
  );
  defineRoute(app, authenticate, routes.exportNotaryJournal, async ({ params, query, session }) =>
    exportNotaryJournal(session.actor, { organizationId: params.orgId, notaryProfileId: query.notaryProfileId }, deps),
  );
}
