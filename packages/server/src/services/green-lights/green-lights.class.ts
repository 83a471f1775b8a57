import type { Params } from '@feathersjs/feathers';
import type { PortStatusEventsAnswer, PortStatusEventsRequest } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { publishNotices } from '../../releases/release-notices.ts';
import { readEvents } from './read-events.ts';
import { recordPortStatus } from './record-port-status.ts';

/**
 * `POST port-status/events` (issue 14 item 2; DESIGN §4 "port status 'green lights' events"):
 * the port's status system reports events; the releases whose lights changed are told live to
 * their chains through the one live-notice path (`publishNotices`).
 */
export class PortStatusEventsService {
  constructor(private readonly app: Application) {}

  async create(
    data: PortStatusEventsRequest,
    params: Params = {},
  ): Promise<PortStatusEventsAnswer> {
    const apiKey = params.apiKey;
    if (!apiKey) throw appError('not_authenticated');
    const events = readEvents(data.events, new Date());
    const { answer, notices } = await recordPortStatus(
      this.app.get('knex'),
      this.app.get('serverKey'),
      { organizationId: apiKey.organizationId, label: `api-key:${apiKey.id}` },
      events,
    );
    publishNotices(this.app, notices);
    return answer;
  }
}
