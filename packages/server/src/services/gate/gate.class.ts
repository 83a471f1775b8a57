import type { Params } from '@feathersjs/feathers';
import type { GateCheckAnswer, GateCheckRequest, GateOutAnswer, GateOutRequest } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { runGateCheck, runGateOut, type GateCaller } from '../../releases/gate.ts';
import { publishNotices } from '../../releases/release-notices.ts';

/** The terminal's machine that calls (its API key), as the gate commands record it. */
function gateCallerOf(params: Params): GateCaller {
  const apiKey = params.apiKey;
  if (!apiKey) throw appError('not_authenticated');
  return {
    organizationId: apiKey.organizationId,
    apiKeyId: apiKey.id,
    label: `api-key:${apiKey.id}`,
  };
}

/** `POST gate-checks` (DESIGN §3): may this identification take this container? */
export class GateChecksService {
  constructor(private readonly app: Application) {}

  async create(data: GateCheckRequest, params: Params = {}): Promise<GateCheckAnswer> {
    return runGateCheck(
      this.app.get('knex'),
      this.app.get('serverKey'),
      gateCallerOf(params),
      data,
    );
  }
}

/** `POST gate-outs` (DESIGN §3): the container left the terminal; told live to its chain. */
export class GateOutsService {
  constructor(private readonly app: Application) {}

  async create(data: GateOutRequest, params: Params = {}): Promise<GateOutAnswer> {
    const { answer, notices } = await runGateOut(
      this.app.get('knex'),
      this.app.get('serverKey'),
      gateCallerOf(params),
      data,
      new Date(),
      { portalUrl: this.app.get('config')?.publicUrl ?? null },
    );
    publishNotices(this.app, notices);
    return answer;
  }
}
