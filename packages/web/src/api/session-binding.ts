/**
 * How the API layer reaches the signed-in session without importing it: the session store
 * binds itself here, and every authenticated call asks it for a fresh token and tells it when
 * the server answered 401 (access spec §4 "Session").
 */
export interface SessionBinding {
  /** The access token, refreshed first when less than 30 seconds remain; null when signed out. */
  freshToken: () => Promise<string | null>;
  /**
   * An authenticated call answered 401. The session ends (one alert), except a carrier's, which
   * is renewed instead (access spec §4, §6: carriers skip the session check): true when the
   * session goes on, so that the call may be tried once more with the new token.
   */
  unauthorized: () => Promise<boolean>;
}

let current: SessionBinding | null = null;

/** Binds the session; the answer unbinds it again (tests bind a store per test). */
export function bindSession(binding: SessionBinding): () => void {
  current = binding;
  return () => {
    if (current === binding) current = null;
  };
}

export function boundSession(): SessionBinding | null {
  return current;
}
