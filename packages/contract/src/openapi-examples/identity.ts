import { importSamlMetadataSchema } from "../saml-providers.ts";
import { handWriteRequest } from "./generate.ts";

export const IDENTITY_EXAMPLES = [
  // the address or the file, never both: the address is what most identity providers publish
  handWriteRequest(importSamlMetadataSchema, {
    url: "https://login.example.com/federationmetadata/2007-06/federationmetadata.xml",
  }),
];
