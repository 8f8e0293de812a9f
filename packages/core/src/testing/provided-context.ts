// What global-setup.ts hands to test files through vitest's provide/inject.
declare module "vitest" {
  export interface ProvidedContext {
    /** A server URL for admin work (creating and dropping test databases). */
    databaseUrl: string;
    redisUrl: string;
    /** Fully migrated database that test databases are cloned from. */
    templateDatabase: string;
  }
}

export {};
