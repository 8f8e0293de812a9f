import { PrismaPg } from "@prisma/adapter-pg";
import { CharAsTextClient } from "./char-as-text-client.ts";
import { PrismaClient } from "./generated/client.ts";

export type Db = PrismaClient;

export interface PrismaClientOptions {
  /** Pool size; pg's default (10) when omitted. */
  max?: number;
}

export function createPrismaClient(databaseUrl: string, options: PrismaClientOptions = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    Client: CharAsTextClient,
    ...(options.max === undefined ? {} : { max: options.max }),
  });
  return new PrismaClient({ adapter });
}
