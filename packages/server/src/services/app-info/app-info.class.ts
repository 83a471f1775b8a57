import type { AppInfo } from './app-info.schema.ts';

/**
 * Public, read-only facts about this server: name, version, environment, optional scripts, and
 * the address of its signing key.
 */
export class AppInfoService {
  constructor(private readonly info: AppInfo) {}

  async find(): Promise<AppInfo> {
    return this.info;
  }
}
