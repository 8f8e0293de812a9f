// What the reference services (eVault, print vendor, identity proofing) share: the stand-ins for
// systems Signet cannot reach in tests, each its own process speaking its own protocol.
export { AccessTokens, grantClientCredentials, TOKEN_LIFETIME_SECONDS } from "./access-tokens.ts";
export { type Fault, FaultBook, type FaultControls, type FaultMode, faulted } from "./fault-book.ts";
export { ProtocolError } from "./protocol-error.ts";
export { type RunningService, runServiceProcess, type ServiceSettings } from "./run-service-process.ts";
