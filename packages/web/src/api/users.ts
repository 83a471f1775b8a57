import { servicePaths } from '@scr/domain';
import { api } from './client.ts';

/** `PATCH /api/users/:id {eulaId}`: the user accepts this EULA (access spec §4 step 5). */
export async function acceptEula(userId: number, eulaId: number): Promise<void> {
  await api.service(servicePaths.users).patch(userId, { eulaId });
}

/** `PATCH /api/users/:id {termsAcceptedAt}`: the user accepts the terms of access (§4 "Terms"). */
export async function acceptTerms(userId: number, at: Date = new Date()): Promise<void> {
  await api.service(servicePaths.users).patch(userId, { termsAcceptedAt: at.toISOString() });
}
