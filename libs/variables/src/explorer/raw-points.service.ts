import { Injectable, NotFoundException } from '@nestjs/common';
import { RawPointsMessages, type RawPointsPageDto, type RawPointsQuery } from '@plantlens/contracts';
import { VariableRepository } from '../variable/variable.repository';
import { RawPointsRepository } from './raw-points.repository';

@Injectable()
export class RawPointsService {
  constructor(
    private readonly variables: VariableRepository,
    private readonly pages: RawPointsRepository,
  ) {}

  /** One page of a variable's stored points, unreduced (see rawPointsQuerySchema); 404 for an unknown id. */
  async page(query: RawPointsQuery): Promise<RawPointsPageDto> {
    if (!(await this.variables.findById(query.variableId))) {
      throw new NotFoundException(RawPointsMessages.variableNotFound);
    }
    return this.pages.page(query);
  }
}
