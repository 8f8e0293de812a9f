/** Password sign-in as the web app does it; returns the bearer token of a full (organization-selected) session. */
export async function signIn(apiUrl: string, credentials: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${apiUrl}/cas/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "password",
      client_id: "signet-web",
      username: credentials.email,
      password: credentials.password,
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`Sign-in answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { access_token?: string; partial?: boolean };
  if (!body.access_token) throw new Error("Sign-in answered no access_token");
  if (body.partial) throw new Error("Sign-in gave a partial token: the bench user must belong to one organization");
  return body.access_token;
}
