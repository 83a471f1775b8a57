import { servicePaths, type CoreorAnswer, type CoreorUpload } from '@scr/domain';
import { api } from '../../../api/client.ts';

/** `POST /api/releases/coreor` (issue 14 item 4): an interchange as text, answered per message. */
export function sendCoreor(upload: CoreorUpload): Promise<CoreorAnswer> {
  return api.service(servicePaths.coreor).create(upload) as Promise<CoreorAnswer>;
}
