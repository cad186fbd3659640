async function post(baseUrl: string, path: string, body: unknown, token?: string) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const reply = (await response.json()) as Record<string, string>;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(reply)}`);
  return reply;
}

/** Signs in (login + echoed code) and replaces the initial password, as a person's first sign-in does. */
export async function replaceInitialPassword(baseUrl: string, email: string, first: string, next: string) {
  const login = await post(baseUrl, '/auth/login', { email, password: first });
  const verify = await post(baseUrl, '/auth/verify-otp', { otp: login.otp, accessToken: login.access_token });
  await post(
    baseUrl,
    '/auth/change-password',
    { current_password: first, password: next, password_confirmation: next },
    verify.access_token,
  );
}
