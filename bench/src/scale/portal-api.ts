/** JSON calls to one instance's API as one signed-in person (`Authorization: Bearer`). */
export function portalApi(baseUrl: string, token: string) {
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) {
      throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    }
    return JSON.parse(text) as T;
  };
  return {
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    get: <T>(path: string) => call<T>('GET', path),
  };
}
