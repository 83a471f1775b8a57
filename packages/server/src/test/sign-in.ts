/** Signing in as the browser does (DESIGN §3 "Signing in"), for API tests. */

async function post(url: string, body: unknown, token?: string) {
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- test harness reads loose JSON
  if (!response.ok)
    throw Object.assign(new Error(json.message), { status: response.status, body: json });
  return json;
}

/**
 * The wallet steps: unlock, challenge for the personal sign-in address, sign with the personal
 * key (`as: "user"`). Answers what `POST /api/authentication` needs.
 */
export async function walletAnswer(
  baseUrl: string,
  userId: number,
  password: string,
  walletBase = `${baseUrl}/wallet`,
) {
  const unlocked = await post(`${walletBase}/unlock`, { userId: String(userId), password });
  const challenge = await post(`${baseUrl}/api/authentication-challenges`, {
    address: unlocked.userAddress,
  });
  const { signature } = await post(
    `${walletBase}/sign`,
    { message: challenge.message, as: 'user' },
    unlocked.token,
  );
  return {
    strategy: 'wallet',
    userId,
    message: challenge.message as string,
    signature: signature as string,
    walletToken: unlocked.token as string,
    userAddress: unlocked.userAddress as string,
    organizationAddress: unlocked.address as string,
  };
}

/** Signs a user in end to end; answers `{accessToken, user, twoFactorRequired}`. */
export async function signIn(
  baseUrl: string,
  userId: number,
  password: string,
  walletBase?: string,
) {
  const {
    strategy,
    userId: id,
    message,
    signature,
  } = await walletAnswer(baseUrl, userId, password, walletBase);
  return post(`${baseUrl}/api/authentication`, { strategy, userId: id, message, signature });
}

export { post };
