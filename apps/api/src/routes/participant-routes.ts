import { routes } from "@signet/contract";
import {
  addParticipant,
  type CoreDeps,
  listParticipants,
  listRecentContacts,
  removeParticipant,
  setParticipantsOrder,
  updateParticipant,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

export function registerParticipantRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  defineRoute(app, authenticate, routes.listParticipants, async ({ params, session }) =>
    listParticipants(session.actor, { organizationId: params.orgId, packageId: params.packageId }, deps),
  );

  defineRoute(app, authenticate, routes.listRecentContacts, async ({ params, query, session }) =>
    listRecentContacts(session.actor, { organizationId: params.orgId, text: query.text }, deps),
  );

  defineRoute(app, authenticate, routes.addParticipant, async ({ params, body, session, setLocation }) => {
    const participant = await addParticipant(
      session.actor,
      { ...body, organizationId: params.orgId, packageId: params.packageId },
      deps,
    );
    setLocation(participant.id);
    return participant;
  });

  defineRoute(app, authenticate, routes.updateParticipant, async ({ params, body, session }) =>
    updateParticipant(
      session.actor,
      { ...body, organizationId: params.orgId, packageId: params.packageId, participantId: params.participantId },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.removeParticipant, async ({ params, query, session }) =>
    removeParticipant(
      session.actor,
      {
        organizationId: params.orgId,
        packageId: params.packageId,
        participantId: params.participantId,
        version: query.version,
      },
      deps,
    ),
  );

  defineRoute(app, authenticate, routes.setParticipantsOrder, async ({ params, body, session }) =>
    setParticipantsOrder(session.actor, { ...body, organizationId: params.orgId, packageId: params.packageId }, deps),
  );
}
