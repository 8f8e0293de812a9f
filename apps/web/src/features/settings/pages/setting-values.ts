// Issue 13 §2: the settings pages on the metaData API, one page a file. Each form takes its settings
// from the registry (settingsOfPage: the page named in each setting's definition);
// MetaDataSettingsForm reads, checks, saves them and shows the page's toast. A setting's value is
// unknown until read; these read it as the type its input shows.

export type SettingsPageProps = { organizationId: string };

export const text = (value: unknown) => (typeof value === "string" ? value : "");
export const num = (value: unknown) => (typeof value === "number" ? value : 0);
export const list = (value: unknown) => (Array.isArray(value) ? (value as string[]) : []);
