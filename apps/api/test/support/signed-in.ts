import { PASSWORD } from "./factories.ts";
import { HttpClient } from "./http-client.ts";

/** A browser-like client signed in (cookie style) as the given user; fails loudly if sign-in does not succeed. */
export async function signedIn(baseUrl: string, email: string, password = PASSWORD): Promise<HttpClient> {
  const client = new HttpClient(baseUrl);
  const reply = await client.signIn(email, password);
  if (reply.status !== 200)
    throw new Error(`sign-in of ${email} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return client;
}
