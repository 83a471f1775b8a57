import { useQuery } from '@tanstack/react-query';
import { api } from './client.ts';

/** What `GET /api/app-info` tells the public shell about this installation. */
export interface AppInfo {
  name: string;
  /** Absent in production: the server does not tell who asks which version runs. */
  version?: string;
  environment: string;
  /** Loaded only after cookie consent; null when the installation has no live chat. */
  chatScriptUrl: string | null;
  /** Loaded only after cookie consent; null when the installation has no analytics. */
  analyticsScriptUrl: string | null;
  /** Where customers write to support (the order page's contact link); absent when not set. */
  supportEmail?: string | null;
}

export const appInfoQueryKey = ['app-info'] as const;

const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

/** Narrows an answer to AppInfo; a proxy's HTML error page, for one, is not. */
export function isAppInfo(value: unknown): value is AppInfo {
  if (typeof value !== 'object' || value === null) return false;
  const info = value as Record<string, unknown>;
  return (
    typeof info.name === 'string' &&
    (info.version === undefined || typeof info.version === 'string') &&
    typeof info.environment === 'string' &&
    isStringOrNull(info.chatScriptUrl) &&
    isStringOrNull(info.analyticsScriptUrl) &&
    (info.supportEmail === undefined || isStringOrNull(info.supportEmail))
  );
}

export async function fetchAppInfo(): Promise<AppInfo> {
  const answer: unknown = await api.service('app-info').find();
  if (!isAppInfo(answer)) throw new Error('GET /api/app-info did not answer with app info');
  return answer;
}

/**
 * The installation's app info, fetched once per page load. The shell treats a failure as
 * "no info": no version badge, no third-party scripts, nothing else breaks.
 */
export function useAppInfo() {
  return useQuery({
    queryKey: appInfoQueryKey,
    queryFn: fetchAppInfo,
    staleTime: Infinity,
    retry: 1,
  });
}
