import { SESSION_COOKIE } from '@app/api/server';

/** Signs in through the dev sign-in (POST /auth/dev/sign-in): a real session for `email`, and its cookie. */
export async function devSignIn(baseUrl: string, email: string, name: string): Promise<{ userId: string; cookie: string }> {
  const res = await fetch(`${baseUrl}/auth/dev/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, name }),
  });
  if (res.status !== 200) throw new Error(`Dev sign-in answered ${res.status}: ${await res.text()}`);
  const { userId } = (await res.json()) as { userId: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`) && c.length > SESSION_COOKIE.length + 1);
  if (!cookie) throw new Error(`Dev sign-in set no '${SESSION_COOKIE}' cookie.`);
  return { userId, cookie };
}
