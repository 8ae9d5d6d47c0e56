import { Inject, Injectable } from '@nestjs/common';
import type { AssetPlacement } from '@plantlens/contracts';
import { AuthKeys } from '../auth/auth-keys';
import type { PlatformConfig } from '../config/platform-config';
import { PLATFORM_CONFIG } from '../config/platform-config.module';
import { callWithServiceToken } from './service-call';

// How a data source that knows its plant (the simulator, a connector's configuration) places the assets of
// the current-status map: PUT to the rules service with the service token.
@Injectable()
export class AssetLayoutClient {
  private readonly url: string;

  constructor(
    @Inject(PLATFORM_CONFIG) config: PlatformConfig,
    private readonly keys: AuthKeys,
  ) {
    // Standalone: the rules module is hosted by this very process.
    this.url = `${config.RULES_URL ?? `http://127.0.0.1:${config.PORT}`}/api/web/current-status-incidence/assets`;
  }

  async place(assets: AssetPlacement[]): Promise<void> {
    await callWithServiceToken(this.url, 'PUT', this.keys.serviceToken, { assets });
  }

  /** where the layout goes, for log messages */
  get endpoint(): string {
    return this.url;
  }
}
