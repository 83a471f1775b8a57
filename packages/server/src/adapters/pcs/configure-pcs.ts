import type { Config } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { httpPcs } from './http-pcs.ts';
import type { PcsAdapter } from './pcs-adapter.ts';
import { PcsStandIn } from './pcs-stand-in.ts';

/** The portal's PCS: its adapter, and the stand-in's life when there is one. */
export interface ConfiguredPcs {
  /** Null in production without PCS_URL: the PCS actions answer `pcs_not_configured`. */
  adapter: PcsAdapter | null;
  /** The stand-in PCS outside production without PCS_URL (tests drive its behaviour). */
  standIn: PcsStandIn | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Issue 14 item 1, DESIGN §4: the configured PCS (PCS_URL with PCS_USERNAME and PCS_PASSWORD)
 * over HTTP; else, outside production, our stand-in PCS on a port of its own
 * (PCS_STAND_IN_PORT, any free one by default), reached through the very same HTTP client.
 */
export function configurePcs(config: Config, logger: Logger): ConfiguredPcs {
  if (config.pcs) {
    const endpoint = { ...config.pcs, timeoutMs: config.pcsTimeoutMs };
    return {
      adapter: httpPcs(() => endpoint),
      standIn: null,
      start: async () => undefined,
      stop: async () => undefined,
    };
  }
  if (config.production) {
    return { adapter: null, standIn: null, start: async () => undefined, stop: async () => {} };
  }
  const standIn = new PcsStandIn();
  return {
    adapter: httpPcs(() => ({
      url: standIn.url,
      username: standIn.username,
      password: standIn.password,
      timeoutMs: config.pcsTimeoutMs,
    })),
    standIn,
    async start() {
      const url = await standIn.start(config.pcsStandInPort);
      logger.info({ url }, 'pcs: no PCS_URL, using the local stand-in PCS');
    },
    stop: () => standIn.stop(),
  };
}

declare module '../../declarations.ts' {
  interface Configuration {
    /** The PCS (issue 14 item 1): its adapter and, outside production, the stand-in. */
    pcs?: ConfiguredPcs;
  }
}
