import { Body, Controller, Post } from '@nestjs/common';
import {
  rawVariableDeclareDtoSchema,
  type RawVariableDeclareDto,
  type RawVariableDeclareResponseDto,
} from '@plantlens/contracts';
import { AllowServiceToken, RequireFeature } from '@plantlens/platform';
import { VariableRepository } from './variable.repository';

@Controller('api/web/variable')
export class VariableController {
  constructor(private readonly variables: VariableRepository) {}

  // Data sources (simulator, uploader, connectors) declare the variables they are about to publish and
  // get their ids back; declaring an existing client reference is a no-op, and `createMissing: false` only
  // looks references up. Sources present the service token; a signed-in user needs the RawVariable feature.
  @Post('raw/declare')
  @AllowServiceToken()
  @RequireFeature('RawVariable')
  async declare(
    @Body({ schema: rawVariableDeclareDtoSchema }) body: RawVariableDeclareDto,
  ): Promise<RawVariableDeclareResponseDto> {
    return { variables: await this.variables.declareRaw(body.variables, body.createMissing) };
  }
}
