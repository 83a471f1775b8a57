import { apiBase } from './client.ts';
import { HttpError, requestJson, statusOf, type JsonRequest } from './http.ts';
import { boundSession } from './session-binding.ts';

/**
 * A call to `/api{path}` as the signed-in user: the token is refreshed first when it is about
 * to expire, and a 401 answer ends the session with its one alert (access spec §4 "Session").
 */
export async function authorizedJson<T = unknown>(
  path: string,
  request: Omit<JsonRequest, 'token'> = {},
): Promise<T> {
  const session = boundSession();
  const token = session ? await session.freshToken() : null;
  if (!token) {
    session?.unauthorized();
    throw new HttpError(401, 'not_authenticated', 'No access token found');
  }
  try {
    return await requestJson<T>(`${apiBase}${path}`, { ...request, token });
  } catch (error) {
    if (statusOf(error) === 401) session?.unauthorized();
    throw error;
  }
}
