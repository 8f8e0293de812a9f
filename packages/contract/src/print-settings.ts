import { z } from "zod";
import { ID } from "./ids.ts";
import { pageSchema, versionQuerySchema } from "./paging.ts";
import { recordVersion } from "./record-fields.ts";
import { defineRouteEntry as define } from "./route-def.ts";

// Print fulfillment settings (issue 16 §4, spec §4 settings pages, §7; DOMAIN.md §9): the print
// service provider, return addresses, business return envelopes and carriers of an organization.

/** A mailing address as the print vendor prints it (US only for now, DOMAIN.md §9). */
export interface PostalAddress {
  name: string;
  company: string | null;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

/** The print service providers Signet can send to; spec §3 printServiceProvider defaults to 'WK'. */
export const PRINT_PROVIDERS = ["WK"] as const;
export const PRINT_PROVIDER_LABELS: Record<(typeof PRINT_PROVIDERS)[number], string> = {
  WK: "WK print and mail (reference vendor protocol)",
};
export const DEFAULT_PRINT_PROVIDER = "WK";

/** spec §3 paperOrder / stipsOrder: where the paper documents go relative to the e-signed ones. */
export const PRINT_ORDERS = { AFTER_ESIGN: 0, BEFORE_ESIGN: 1 } as const;
export const PRINT_ORDER_LABELS: Record<0 | 1, string> = {
  0: "After the e-signed documents",
  1: "Before the e-signed documents",
};

export const CARRIER_USES = ["OUTBOUND", "RETURN", "BOTH"] as const;
export type CarrierUse = (typeof CARRIER_USES)[number];
export const CARRIER_USE_LABELS: Record<CarrierUse, string> = {
  OUTBOUND: "Outbound only",
  RETURN: "Return only",
  BOTH: "Outbound and return",
};
/** Carriers offered when adding one; any code of 2 to 10 capitals is accepted. */
export const KNOWN_CARRIERS = [
  { code: "USPS", name: "United States Postal Service", services: ["First-Class", "Priority", "Priority Express"] },
  { code: "UPS", name: "UPS", services: ["Ground", "2nd Day Air", "Next Day Air"] },
  { code: "FEDEX", name: "FedEx", services: ["Ground", "2Day", "Standard Overnight", "Priority Overnight"] },
] as const;

/** The 50 states, DC, the territories and the military "states" USPS accepts. */
export const US_STATE_CODES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
  "DC",
  "PR",
  "GU",
  "VI",
  "AS",
  "MP",
  "AA",
  "AE",
  "AP",
] as const;

/** A window envelope shows at most this many lines of this many characters (DOMAIN.md §9). */
export const WINDOW_MAX_LINES = 5;
export const WINDOW_MAX_LINE_LENGTH = 40;

export const PRINT_SETTINGS_MESSAGES = {
  saved: "Print fulfillment updated successfully",
  returnAddressSaved: "Return address updated successfully",
  returnAddressAdded: "Return address added successfully",
  returnAddressDeleted: "Return address deleted successfully",
  breSaved: "Business return envelope updated successfully",
  breAdded: "Business return envelope added successfully",
  breDeleted: "Business return envelope deleted successfully",
  carrierSaved: "Carrier updated successfully",
  carrierAdded: "Carrier added successfully",
  carrierDeleted: "Carrier deleted successfully",
  returnAddressNotFound: "Return address not found",
  breNotFound: "Business return envelope not found",
  carrierNotFound: "Carrier not found",
  returnAddressInUse:
    "This return address is printed on a business return envelope; change or delete the envelope first.",
  lastDefault: "This is the default; make another one the default before deleting it.",
  keepDefault: "One must stay the default; make another one the default instead.",
  neededWhileOn: "Print fulfillment is on and needs at least one; turn it off before deleting the last one.",
  carrierTaken: "This carrier and service already exists",
  vendorMissing: "Enter the print vendor's address and credentials first.",
  enableNeedsVendor:
    "Print fulfillment needs the vendor's address, client ID and client secret before it can be enabled.",
  connectionOk: "Connected: the print vendor answered.",
  notEnabled: "Print fulfillment is off for this organization.",
} as const;

const trimmed = (label: string, max: number) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export interface AddressProblem {
  path: keyof PostalAddress;
  message: string;
}

/** "SPRINGFIELD IL 62704": the last line of a US address. */
export function lastAddressLine(address: Pick<PostalAddress, "city" | "state" | "postalCode">): string {
  return `${address.city.trim()} ${address.state.trim().toUpperCase()} ${address.postalCode.trim()}`;
}

/** The lines a window envelope shows, in order: name, company, street lines, city-state-ZIP. */
export function addressWindowLines(address: PostalAddress): string[] {
  return [address.name, address.company, address.line1, address.line2, lastAddressLine(address)]
    .map((line) => (line ?? "").trim())
    .filter((line) => line !== "");
}

export const isUsState = (value: string) => (US_STATE_CODES as readonly string[]).includes(value.trim().toUpperCase());
/** ZIP (5 digits) or ZIP+4 (5 digits, a hyphen, 4 digits). */
export const isUsPostalCode = (value: string) => /^\d{5}(-\d{4})?$/.test(value.trim());

/**
 * What is wrong with an address for printing on a US window envelope, one problem per field at
 * most; empty when it can be mailed.
 */
export function postalAddressProblems(address: PostalAddress): AddressProblem[] {
  const problems: AddressProblem[] = [];
  const add = (path: keyof PostalAddress, message: string) => {
    if (!problems.some((problem) => problem.path === path)) problems.push({ path, message });
  };
  const required: [keyof PostalAddress, string][] = [
    ["name", "Name"],
    ["line1", "Address line 1"],
    ["city", "City"],
    ["state", "State"],
    ["postalCode", "ZIP code"],
  ];
  for (const [path, label] of required) {
    if (((address[path] as string | null) ?? "").trim() === "") add(path, `${label} is required`);
  }
  if ((address.country ?? "").trim().toUpperCase() !== "US") add("country", "Only US addresses can be mailed");
  if (address.state.trim() !== "" && !isUsState(address.state))
    add("state", "Enter a two-letter US state code, e.g. CA");
  if (address.postalCode.trim() !== "" && !isUsPostalCode(address.postalCode))
    add("postalCode", "Enter a 5-digit ZIP code or ZIP+4, e.g. 94105 or 94105-1234");
  const lengths: [keyof PostalAddress, string][] = [
    ["name", "Name"],
    ["company", "Company"],
    ["line1", "Address line 1"],
    ["line2", "Address line 2"],
  ];
  for (const [path, label] of lengths) {
    const value = ((address[path] as string | null) ?? "").trim();
    if (value.length > WINDOW_MAX_LINE_LENGTH)
      add(path, `${label} must be at most ${WINDOW_MAX_LINE_LENGTH} characters to fit the envelope window`);
  }
  if (lastAddressLine(address).length > WINDOW_MAX_LINE_LENGTH)
    add("city", `City, state and ZIP must fit on one line of ${WINDOW_MAX_LINE_LENGTH} characters`);
  if (addressWindowLines(address).length > WINDOW_MAX_LINES)
    add("line2", `The address must fit in ${WINDOW_MAX_LINES} lines; leave out the company or the second line`);
  return problems;
}

/** Intelligent Mail barcode id: a 20-digit tracking code and a routing ZIP of 0, 5, 9 or 11 digits. */
export const isIntelligentMailBarcode = (value: string) =>
  [20, 25, 29, 31].includes(value.length) && /^\d+$/.test(value);

/** One text per address field, shared by what is sent and what is answered. */
const ADDRESS_TEXT = {
  name: "The addressee: a person's or a department's name (the first line of the address)",
  company: "The company line, under the name; null: none",
  line1: "Street address (number and street, or PO box)",
  line2: "Second address line (suite, floor, unit); null: none",
  city: "City",
  state: "Two-letter US state or territory code, e.g. CA (upper case)",
  postalCode: "ZIP code: five digits or ZIP+4 (12345-6789)",
  country: "Two-letter country code; US (only US addresses are accepted for mail)",
} as const;

const addressFields = {
  name: trimmed("Name", 200).describe(ADDRESS_TEXT.name),
  company: z.string().trim().max(200).nullable().default(null).describe(ADDRESS_TEXT.company),
  line1: trimmed("Address line 1", 200).describe(ADDRESS_TEXT.line1),
  line2: z.string().trim().max(200).nullable().default(null).describe(ADDRESS_TEXT.line2),
  city: trimmed("City", 100).describe(ADDRESS_TEXT.city),
  state: z.string().trim().toUpperCase().min(1, "State is required").max(20).describe(ADDRESS_TEXT.state),
  postalCode: z.string().trim().min(1, "ZIP code is required").max(20).describe(ADDRESS_TEXT.postalCode),
  country: z.string().trim().toUpperCase().default("US").describe(ADDRESS_TEXT.country),
};

const nullIfBlank = (value: string | null) => (value === null || value === "" ? null : value);
const blankToNull = <T extends { company: string | null; line2: string | null }>(value: T): T => ({
  ...value,
  company: nullIfBlank(value.company),
  line2: nullIfBlank(value.line2),
});
const checkAddress = (value: PostalAddress, ctx: z.RefinementCtx) => {
  for (const problem of postalAddressProblems(value))
    ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
};

/** The address fields, checked with postalAddressProblems (blank optional lines become null). */
export const postalAddressSchema = z.object(addressFields).transform(blankToNull).superRefine(checkAddress);

const addressOut = {
  name: z.string().describe(ADDRESS_TEXT.name),
  company: z.string().nullable().describe(ADDRESS_TEXT.company),
  line1: z.string().describe(ADDRESS_TEXT.line1),
  line2: z.string().nullable().describe(ADDRESS_TEXT.line2),
  city: z.string().describe(ADDRESS_TEXT.city),
  state: z.string().describe(ADDRESS_TEXT.state),
  postalCode: z.string().describe(ADDRESS_TEXT.postalCode),
  country: z.string().describe(ADDRESS_TEXT.country),
};
export const postalAddressOutSchema = z
  .object(addressOut)
  .meta({ id: "PostalAddress", description: "A US postal address" });

export const returnAddressSchema = z
  .object({
    id: z.uuid().describe("The return address's id"),
    ...addressOut,
    isDefault: z.boolean().describe("The organization's default return address"),
    windowLines: z.array(z.string()).describe("The lines the envelope window shows"),
    envelopesUsing: z.number().int().describe("Business return envelopes that print this address"),
    version: recordVersion,
  })
  .meta({ id: "ReturnAddress" });
export type ReturnAddress = z.infer<typeof returnAddressSchema>;
export const returnAddressListSchema = pageSchema(returnAddressSchema).meta({ id: "ReturnAddressList" });
export type ReturnAddressList = z.infer<typeof returnAddressListSchema>;

const addressInput = z.object({
  ...addressFields,
  isDefault: z
    .boolean()
    .default(false)
    .describe("Make it the organization's default return address (the previous default stops being one)"),
});
export const createReturnAddressSchema = addressInput
  .transform(blankToNull)
  .superRefine(checkAddress)
  .meta({ id: "CreateReturnAddress" });
export type CreateReturnAddress = z.input<typeof createReturnAddressSchema>;
export type CreateReturnAddressParsed = z.output<typeof createReturnAddressSchema>;

export const updateReturnAddressSchema = addressInput
  .extend({ version: z.number().int().min(1).describe("The version last read (optimistic locking)") })
  .transform(blankToNull)
  .superRefine(checkAddress)
  .meta({ id: "UpdateReturnAddress" });
export type UpdateReturnAddress = z.input<typeof updateReturnAddressSchema>;
export type UpdateReturnAddressParsed = z.output<typeof updateReturnAddressSchema>;

const breFields = {
  name: trimmed("Name", 200).describe("A name for the envelope, shown to senders when they choose one"),
  permitNumber: z
    .string()
    .trim()
    .regex(/^\d{1,10}$/, "Enter the business reply permit number (digits only)")
    .describe("The USPS business reply mail permit number (digits only)"),
  postalFacility: trimmed("Post office of the permit", 60).describe(
    "City and state of the post office that issued the permit",
  ),
  returnAddressId: z
    .uuid("Choose the return address the envelope carries")
    .describe("The return address the envelope is addressed to (where the signed papers come back)"),
  imb: z
    .string()
    .trim()
    .nullable()
    .default(null)
    .transform((value) => (value === "" ? null : value))
    .refine(
      (value) => value === null || isIntelligentMailBarcode(value),
      "The Intelligent Mail barcode id has 20, 25, 29 or 31 digits",
    )
    .describe("The Intelligent Mail barcode (IMb) id printed on the envelope"),
  isDefault: z
    .boolean()
    .default(false)
    .describe("Make it the organization's default envelope (the previous default stops being one)"),
};

export const businessReturnEnvelopeSchema = z
  .object({
    id: z.uuid().describe("The business return envelope's id"),
    name: z.string().describe("The envelope's name, shown to senders when they choose one"),
    permitNumber: z.string().describe("The USPS business reply mail permit number"),
    postalFacility: z.string().describe("City and state of the post office that issued the permit"),
    returnAddressId: ID.returnAddressId.describe("The return address the envelope is addressed to"),
    imb: z.string().nullable().describe("The Intelligent Mail barcode (IMb) id printed on the envelope; null: none"),
    isDefault: z.boolean().describe("The organization's default business return envelope"),
    windowLines: z.array(z.string()).describe("What the envelope shows: the reply mail legend and the return address"),
    version: recordVersion,
  })
  .meta({ id: "BusinessReturnEnvelope" });
export type BusinessReturnEnvelope = z.infer<typeof businessReturnEnvelopeSchema>;
export const businessReturnEnvelopeListSchema = pageSchema(businessReturnEnvelopeSchema).meta({
  id: "BusinessReturnEnvelopeList",
});
export type BusinessReturnEnvelopeList = z.infer<typeof businessReturnEnvelopeListSchema>;
export const createBusinessReturnEnvelopeSchema = z.object(breFields).meta({ id: "CreateBusinessReturnEnvelope" });
export type CreateBusinessReturnEnvelope = z.input<typeof createBusinessReturnEnvelopeSchema>;
export const updateBusinessReturnEnvelopeSchema = z
  .object({ ...breFields, version: z.number().int().min(1).describe("The version last read (optimistic locking)") })
  .meta({ id: "UpdateBusinessReturnEnvelope" });
export type UpdateBusinessReturnEnvelope = z.input<typeof updateBusinessReturnEnvelopeSchema>;

/** The legend a business reply envelope carries above its address (DOMAIN.md §9). */
export function envelopeWindowLines(
  envelope: { permitNumber: string; postalFacility: string },
  address: PostalAddress,
): string[] {
  return [
    "BUSINESS REPLY MAIL",
    `FIRST-CLASS MAIL PERMIT NO. ${envelope.permitNumber} ${envelope.postalFacility.toUpperCase()}`,
    "POSTAGE WILL BE PAID BY ADDRESSEE",
    ...addressWindowLines(address),
  ];
}

const CARRIER_TEXT = {
  use: "Which legs the carrier is offered for: OUTBOUND (to the recipient), RETURN (back to the organization) or BOTH",
  enabled: "Offered to senders",
  isDefault: "The organization's default carrier",
} as const;

const carrierFields = {
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9]{1,9}$/, "Enter the carrier's code, e.g. USPS")
    .describe("The carrier's code as the print service provider knows it, e.g. USPS, FEDEX, UPS (upper case)"),
  name: trimmed("Name", 100).describe("The name senders see, e.g. USPS First-Class"),
  service: trimmed("Service level", 100).describe("e.g. First-Class, Priority, Overnight"),
  use: z.enum(CARRIER_USES).default("BOTH").describe(CARRIER_TEXT.use),
  enabled: z.boolean().default(true).describe(CARRIER_TEXT.enabled),
  isDefault: z.boolean().default(false).describe(CARRIER_TEXT.isDefault),
};
export const carrierSchema = z
  .object({
    id: z.uuid().describe("The carrier's id"),
    code: z.string().describe("The carrier's code as the print service provider knows it, e.g. USPS"),
    name: z.string().describe("The name senders see"),
    service: z.string().describe("The service level, e.g. First-Class, Priority, Overnight"),
    use: z.enum(CARRIER_USES).describe(CARRIER_TEXT.use),
    enabled: z.boolean().describe(CARRIER_TEXT.enabled),
    isDefault: z.boolean().describe(CARRIER_TEXT.isDefault),
    version: recordVersion,
  })
  .meta({ id: "Carrier" });
export type Carrier = z.infer<typeof carrierSchema>;
export const carrierListSchema = pageSchema(carrierSchema).meta({ id: "CarrierList" });
export type CarrierList = z.infer<typeof carrierListSchema>;
export const createCarrierSchema = z.object(carrierFields).meta({ id: "CreateCarrier" });
export type CreateCarrier = z.input<typeof createCarrierSchema>;
export const updateCarrierSchema = z
  .object({ ...carrierFields, version: z.number().int().min(1).describe("The version last read (optimistic locking)") })
  .meta({ id: "UpdateCarrier" });
export type UpdateCarrier = z.input<typeof updateCarrierSchema>;

const PRINT_TEXT = {
  enabled: "Print and mail fulfillment is on for the organization",
  providerCode: "The print service provider: WK (the reference vendor protocol)",
  vendorUrl: "The print vendor's API address (http or https); null: not set",
  clientId: "The client id the organization was given by the print vendor; null: not set",
} as const;

const vendorUrl = z
  .string()
  .trim()
  .max(2000)
  .url("Enter the print vendor's address, e.g. https://print.example.com")
  .refine((value) => /^https?:\/\//i.test(value), "The print vendor's address must start with http:// or https://");

export const printFulfillmentSettingsSchema = z
  .object({
    organizationId: ID.organizationId,
    enabled: z.boolean().describe(PRINT_TEXT.enabled),
    providerCode: z.enum(PRINT_PROVIDERS).describe(PRINT_TEXT.providerCode),
    vendorUrl: z.string().nullable().describe(PRINT_TEXT.vendorUrl),
    clientId: z.string().nullable().describe(PRINT_TEXT.clientId),
    hasClientSecret: z.boolean().describe("The secret is stored encrypted and never returned"),
    defaultReturnAddressId: z.uuid().nullable().describe("The default return address; null: none set"),
    defaultBusinessReturnEnvelopeId: z
      .uuid()
      .nullable()
      .describe("The default business return envelope; null: none set"),
    defaultCarrierId: z.uuid().nullable().describe("The default carrier; null: none set"),
    lastTestedAt: z.string().nullable().describe("When the connection was last tested (ISO 8601 time); null: never"),
    lastTestOk: z.boolean().nullable().describe("Whether the last connection test succeeded; null: never tested"),
    lastTestMessage: z
      .string()
      .nullable()
      .describe("What the last connection test found, in plain words; null: never tested"),
    version: z.number().int().describe("0 before the settings were first saved"),
  })
  .meta({ id: "PrintFulfillmentSettings" });
export type PrintFulfillmentSettings = z.infer<typeof printFulfillmentSettingsSchema>;

export const updatePrintFulfillmentSettingsSchema = z
  .object({
    version: z.number().int().min(0).describe("0 to save the settings for the first time"),
    enabled: z.boolean().optional().describe(`${PRINT_TEXT.enabled}. Leave out to keep`),
    providerCode: z.enum(PRINT_PROVIDERS).optional().describe(`${PRINT_TEXT.providerCode}. Leave out to keep`),
    vendorUrl: vendorUrl.nullable().optional().describe(`${PRINT_TEXT.vendorUrl}. Leave out to keep`),
    clientId: z.string().trim().max(500).nullable().optional().describe(`${PRINT_TEXT.clientId}. Leave out to keep`),
    clientSecret: z
      .string()
      .min(1, "Enter the client secret")
      .max(2000)
      .optional()
      .describe("Leave out to keep the stored secret"),
  })
  .meta({ id: "UpdatePrintFulfillmentSettings" });
export type UpdatePrintFulfillmentSettings = z.infer<typeof updatePrintFulfillmentSettingsSchema>;

export const printConnectionTestSchema = z
  .object({
    ok: z.boolean().describe("The vendor answered and accepted the credentials"),
    message: z.string().describe("What happened, in plain words"),
    testedAt: z.string().describe("When the test ran (ISO 8601 time)"),
  })
  .meta({ id: "PrintConnectionTest" });
export type PrintConnectionTest = z.infer<typeof printConnectionTestSchema>;

/** What a sender needs in the builder: whether print is on, the provider, and what to choose from. */
export const printOptionsSchema = z
  .object({
    enabled: z.boolean().describe("Print and mail fulfillment is on for the organization"),
    providerCode: z.enum(PRINT_PROVIDERS).describe(PRINT_TEXT.providerCode),
    returnAddresses: z
      .array(
        z.object({
          id: ID.returnAddressId,
          label: z.string().describe("The address in one line, as senders see it"),
          isDefault: z.boolean().describe("The organization's default return address"),
        }),
      )
      .describe("The return addresses a sender may choose from"),
    carriers: z
      .array(
        z.object({
          id: ID.carrierId,
          label: z.string().describe("The carrier and its service level, as senders see it"),
          use: z.enum(CARRIER_USES).describe(CARRIER_TEXT.use),
          isDefault: z.boolean().describe("The organization's default carrier"),
        }),
      )
      .describe("The enabled carriers a sender may choose from"),
  })
  .meta({ id: "PrintOptions" });
export type PrintOptions = z.infer<typeof printOptionsSchema>;

const orgParams = z.object({ orgId: ID.orgId });
const addressParams = orgParams.extend({ returnAddressId: ID.returnAddressId });
const breParams = orgParams.extend({ envelopeId: ID.envelopeId });
const carrierParams = orgParams.extend({ carrierId: ID.carrierId });
const readers = ["VIEW_ADMIN_SETTINGS", "MANAGE_ADMIN_SETTINGS"] as const;
const admins = ["MANAGE_ADMIN_SETTINGS"] as const;
const v1 = { base: "api", version: 1, auth: "user", tags: ["Print fulfillment"] } as const;

export const printSettingsRoutes = {
  getPrintFulfillment: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/print-fulfillment",
    permission: readers,
    summary: "The organization's print fulfillment settings (the client secret is never returned)",
    params: orgParams,
    response: printFulfillmentSettingsSchema,
    status: 200,
  }),
  updatePrintFulfillment: define({
    ...v1,
    method: "PUT",
    path: "/organizations/:orgId/print-fulfillment",
    permission: admins,
    summary: "Change the print fulfillment settings at their version (leave clientSecret out to keep it)",
    params: orgParams,
    body: updatePrintFulfillmentSettingsSchema,
    response: printFulfillmentSettingsSchema,
    status: 200,
  }),
  testPrintConnection: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/print-fulfillment/test-connection",
    permission: admins,
    summary:
      "Call the print vendor with the stored address and credentials; the answer says in plain words what happened",
    params: orgParams,
    response: printConnectionTestSchema,
    status: 200,
  }),
  getPrintOptions: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/print-options",
    permission: ["VIEW_DOCUMENTS_PACKAGES", "MANAGE_DOCUMENTS_PACKAGES", ...readers],
    summary:
      "What a sender can choose for a package's print fulfillment: on or off, the provider, return addresses, carriers",
    params: orgParams,
    response: printOptionsSchema,
    status: 200,
  }),
  listReturnAddresses: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/return-addresses",
    permission: readers,
    summary: "The organization's return addresses",
    params: orgParams,
    response: returnAddressListSchema,
    status: 200,
  }),
  createReturnAddress: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/return-addresses",
    permission: admins,
    summary: "Add a return address (US, fits a window envelope); the first one becomes the default",
    params: orgParams,
    body: createReturnAddressSchema,
    response: returnAddressSchema,
    status: 201,
  }),
  updateReturnAddress: define({
    ...v1,
    method: "PUT",
    path: "/organizations/:orgId/return-addresses/:returnAddressId",
    permission: admins,
    summary: "Change a return address at its version",
    params: addressParams,
    body: updateReturnAddressSchema,
    response: returnAddressSchema,
    status: 200,
  }),
  deleteReturnAddress: define({
    ...v1,
    method: "DELETE",
    path: "/organizations/:orgId/return-addresses/:returnAddressId",
    permission: admins,
    summary: "Delete a return address no envelope prints and that is not the default of others",
    params: addressParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  listBusinessReturnEnvelopes: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/business-return-envelopes",
    permission: readers,
    summary: "The organization's business return envelopes",
    params: orgParams,
    response: businessReturnEnvelopeListSchema,
    status: 200,
  }),
  createBusinessReturnEnvelope: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/business-return-envelopes",
    permission: admins,
    summary: "Add a business return envelope; the first one becomes the default",
    params: orgParams,
    body: createBusinessReturnEnvelopeSchema,
    response: businessReturnEnvelopeSchema,
    status: 201,
  }),
  updateBusinessReturnEnvelope: define({
    ...v1,
    method: "PUT",
    path: "/organizations/:orgId/business-return-envelopes/:envelopeId",
    permission: admins,
    summary: "Change a business return envelope at its version",
    params: breParams,
    body: updateBusinessReturnEnvelopeSchema,
    response: businessReturnEnvelopeSchema,
    status: 200,
  }),
  deleteBusinessReturnEnvelope: define({
    ...v1,
    method: "DELETE",
    path: "/organizations/:orgId/business-return-envelopes/:envelopeId",
    permission: admins,
    summary: "Delete a business return envelope that is not the default of others",
    params: breParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
  listCarriers: define({
    ...v1,
    method: "GET",
    path: "/organizations/:orgId/carriers",
    permission: readers,
    summary: "The organization's carriers and service levels",
    params: orgParams,
    response: carrierListSchema,
    status: 200,
  }),
  createCarrier: define({
    ...v1,
    method: "POST",
    path: "/organizations/:orgId/carriers",
    permission: admins,
    summary: "Add a carrier and service level; the first one becomes the default",
    params: orgParams,
    body: createCarrierSchema,
    response: carrierSchema,
    status: 201,
  }),
  updateCarrier: define({
    ...v1,
    method: "PUT",
    path: "/organizations/:orgId/carriers/:carrierId",
    permission: admins,
    summary: "Change a carrier at its version",
    params: carrierParams,
    body: updateCarrierSchema,
    response: carrierSchema,
    status: 200,
  }),
  deleteCarrier: define({
    ...v1,
    method: "DELETE",
    path: "/organizations/:orgId/carriers/:carrierId",
    permission: admins,
    summary: "Delete a carrier that is not the default of others",
    params: carrierParams,
    query: versionQuerySchema,
    response: null,
    status: 204,
  }),
};
