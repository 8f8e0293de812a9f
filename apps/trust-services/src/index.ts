export type { IssuedRecord } from "./certificate-authority.ts";
export { CertificateAuthority } from "./certificate-authority.ts";
export type { RunningTrustServices, TrustServicesOptions } from "./start-trust-services.ts";
export { startTrustServices } from "./start-trust-services.ts";
export { TSA_POLICY } from "./timestamp-authority.ts";
