import { Body, Controller, Get, Put, Query } from '@nestjs/common';
import {
  rawVariableDtoSchema,
  rawVariableQuerySchema,
  rawVariableUpdateSchema,
  type RawVariableDto,
  type RawVariableUpdate,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { RawVariableService } from './raw-variable.service';

// Spec part 1 §7 "GET, PUT /api/web/raw-variables/". The editor's route needs RawVariable (§2); the raw
// variable list and variable management that open it are Admin screens (workspace tiles), so either
// feature edits, as for the variable table (GET /api/web/variable/page).
@RequireFeature('RawVariable', 'Admin')
@Controller('api/web/raw-variables')
export class RawVariableController {
  constructor(private readonly rawVariables: RawVariableService) {}

  @Get()
  @Responds(rawVariableDtoSchema)
  get(@Query({ schema: rawVariableQuerySchema }) query: { id: number }): Promise<RawVariableDto> {
    return this.rawVariables.get(query.id);
  }

  @Put()
  @Responds(rawVariableDtoSchema)
  update(@Body({ schema: rawVariableUpdateSchema }) body: RawVariableUpdate): Promise<RawVariableDto> {
    return this.rawVariables.update(body);
  }
}
