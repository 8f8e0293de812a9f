import { routes } from "@signet/contract";
import {
  type CoreDeps,
  cancelEDeposit,
  confirmEDeposit,
  createEVault,
  deleteEVault,
  downloadEDeposit,
  getEDeposit,
  getEVault,
  getEVaultConfigInfo,
  listEVaultOptions,
  listEVaults,
  retryEDeposit,
  testEVaultConnection,
  updateEDepositConfig,
  updateEVault,
} from "@signet/core";
import type { FastifyInstance } from "fastify";
import { type Authenticate, defineRoute } from "../plugins/define-route.ts";

/** eVaults (issue 15 §2) and a package's eDeposit: settings, retry, cancel, confirm, download (§3). */
export function registerEDepositRoutes(app: FastifyInstance, deps: CoreDeps, authenticate: Authenticate) {
  const vault = (params: { orgId: string; evaultId: string }) => ({
    organizationId: params.orgId,
    evaultId: params.evaultId,
  });
  const pkg = (params: { orgId: string; packageId: string }) => ({
    organizationId: params.orgId,
    packageId: params.packageId,
  });
  defineRoute(app, authenticate, routes.listEVaults, async ({ params, session }) =>
    listEVaults(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.createEVault, async ({ params, body, session, setLocation }) => {
    const created = await createEVault(session.actor, { ...body, organizationId: params.orgId }, deps);
    setLocation(created.id);
    return created;
  });
  defineRoute(app, authenticate, routes.listEVaultOptions, async ({ params, session }) =>
    listEVaultOptions(session.actor, { organizationId: params.orgId }, deps),
  );
  defineRoute(app, authenticate, routes.getEVault, async ({ params, session }) =>
    getEVault(session.actor, vault(params), deps),
  );
  defineRoute(app, authenticate, routes.updateEVault, async ({ params, body, session }) =>
    updateEVault(session.actor, { ...body, ...vault(params) }, deps),
  );
  defineRoute(app, authenticate, routes.deleteEVault, async ({ params, query, session }) =>
    deleteEVault(session.actor, { ...vault(params), version: query.version }, deps),
  );
  defineRoute(app, authenticate, routes.getEVaultConfigInfo, async ({ params, session }) =>
    getEVaultConfigInfo(session.actor, vault(params), deps),
  );
  defineRoute(app, authenticate, routes.testEVaultConnection, async ({ params, session }) =>
    testEVaultConnection(session.actor, vault(params), deps),
  );
  defineRoute(app, authenticate, routes.getEDeposit, async ({ params, session }) =>
    getEDeposit(session.actor, pkg(params), deps),
  );
  defineRoute(app, authenticate, routes.updateEDepositConfig, async ({ params, body, session }) =>
    updateEDepositConfig(session.actor, { ...body, ...pkg(params) }, deps),
  );
  defineRoute(app, authenticate, routes.retryEDeposit, async ({ params, session }) =>
    retryEDeposit(session.actor, pkg(params), deps),
  );
  defineRoute(app, authenticate, routes.cancelEDeposit, async ({ params, session }) =>
    cancelEDeposit(session.actor, pkg(params), deps),
  );
  defineRoute(app, authenticate, routes.confirmEDeposit, async ({ params, session }) =>
    confirmEDeposit(session.actor, pkg(params), deps),
  );

  defineRoute(app, authenticate, routes.downloadEDeposit, async ({ params, session }) =>
    downloadEDeposit(session.actor, pkg(params), deps),
  );
}
