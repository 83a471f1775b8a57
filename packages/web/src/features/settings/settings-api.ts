import { servicePaths, type PreferencesChange, type PreferencesView } from '@scr/domain';
import { api } from '../../api/client.ts';

/** `GET preferences` (access spec §7 "Preferences"): the signed-in user's, defaults filled in. */
export async function fetchPreferences(): Promise<PreferencesView> {
  return (await api.service(servicePaths.preferences).find()) as PreferencesView;
}

/** `POST preferences`: saves what is given, keeps the rest, answers the whole. */
export async function savePreferences(change: PreferencesChange): Promise<PreferencesView> {
  return (await api.service(servicePaths.preferences).create(change)) as PreferencesView;
}
