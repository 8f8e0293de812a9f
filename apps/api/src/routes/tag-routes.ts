import { routes } from "@signet/contract";
import {
  type CoreDeps,
  createConditionalRule,
  createTag,
  deleteConditionalRule,
  deleteTag,
  listConditionalRules,
  listDocumentParticipants,
  listDocumentTags,
  listPackageTags,
  replaceDocumentTags,
  setDocumentParticipant,
  updateTag,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** Routes of tags, conditional rules and document-participants (issue 4 §3–4). */
export function registerTagRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const ref = (params: { orgId: string; packageId: string }) => ({
    organizationId: params.orgId,
    packageId: params.packageId,
  });

  defineRoute(app, authenticate, routes.listDocumentTags, async ({ params, session }) =>
    listDocumentTags(session.actor, { ...ref(params), documentId: params.documentId }, deps),
  );
  defineRoute(app, authenticate, routes.replaceDocumentTags, async ({ params, body, session }) =>
    replaceDocumentTags(session.actor, { ...body, ...ref(params), documentId: params.documentId }, deps),
  );
  defineRoute(app, authenticate, routes.createTag, async ({ params, body, session, setLocation }) => {
    const tag = await createTag(session.actor, { ...body, ...ref(params), documentId: params.documentId }, deps);
    setLocation(tag.id);
    return tag;
  });
  defineRoute(app, authenticate, routes.listPackageTags, async ({ params, session }) =>
    listPackageTags(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.updateTag, async ({ params, body, session }) =>
    updateTag(session.actor, { ...body, ...ref(params), tagId: params.tagId }, deps),
  );
  defineRoute(app, authenticate, routes.deleteTag, async ({ params, query, session }) =>
    deleteTag(session.actor, { ...ref(params), tagId: params.tagId, version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.listConditionalRules, async ({ params, session }) =>
    listConditionalRules(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.createConditionalRule, async ({ params, body, session, setLocation }) => {
    const rule = await createConditionalRule(session.actor, { ...body, ...ref(params) }, deps);
    setLocation(rule.id);
    return rule;
  });
  defineRoute(app, authenticate, routes.deleteConditionalRule, async ({ params, session }) =>
    deleteConditionalRule(session.actor, { ...ref(params), ruleId: params.ruleId }, deps),
  );
  defineRoute(app, authenticate, routes.listDocumentParticipants, async ({ params, session }) =>
    listDocumentParticipants(session.actor, ref(params), deps),
  );
  defineRoute(app, authenticate, routes.setDocumentParticipant, async ({ params, body, session }) =>
    setDocumentParticipant(session.actor, { ...body, ...ref(params) }, deps),
  );
}
