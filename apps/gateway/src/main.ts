import { loadPlatformConfig, runService } from '@plantlens/platform';
import { gatewayService } from './gateway-service';

runService(() => gatewayService(loadPlatformConfig(process.env)));
