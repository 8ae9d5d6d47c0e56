import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import {
  plantTreeDtoSchema,
  valveAssetDtoSchema,
  valveAssetParamsSchema,
  valveAssetUpdateSchema,
  type PlantTreeDto,
  type ValveAssetDto,
  type ValveAssetUpdateDto,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { PlantService } from './plant.service';

// The plant tree of the valve screens (our design) and an administrator's edit of a valve's description.
@RequireFeature('AmpoCurrentStatus')
@Controller('api/web/ampo')
export class PlantController {
  constructor(private readonly plant: PlantService) {}

  @Get('plant-tree')
  @Responds(plantTreeDtoSchema)
  tree(): Promise<PlantTreeDto> {
    return this.plant.tree();
  }

  @Put('asset/:id')
  @RequireFeature('Admin')
  @Responds(valveAssetDtoSchema)
  update(
    @Param({ schema: valveAssetParamsSchema }) params: { id: string },
    @Body({ schema: valveAssetUpdateSchema }) body: ValveAssetUpdateDto,
  ): Promise<ValveAssetDto> {
    return this.plant.update(params.id, body);
  }
}
