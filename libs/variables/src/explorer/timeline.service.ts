import { Injectable } from '@nestjs/common';
import type { TimelineDataDto, TimelineDataQuery, VariableMinimalDto } from '@plantlens/contracts';
import { MeasurementRepository, type SeriesPoint } from '../measurement/measurement.repository';
import { VariableRepository, type VariableRow } from '../variable/variable.repository';

// M4 keeps up to 4 points per pixel column; below that the raw points are sent as they are.
const POINTS_PER_PIXEL = 4;

@Injectable()
export class TimelineService {
  constructor(
    private readonly variables: VariableRepository,
    private readonly measurements: MeasurementRepository,
  ) {}

  async listVariables(): Promise<VariableMinimalDto[]> {
    const rows = await this.variables.findAllOrderedByName();
    return rows.map(toMinimal);
  }

  async timeline(query: TimelineDataQuery): Promise<TimelineDataDto> {
    const rows = await this.variables.findByIds(query.variableIds);
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Unknown ids are left out rather than failing the whole chart; the client sees which ones came back.
    const requested = query.variableIds.map((id) => byId.get(id)).filter((row): row is VariableRow => !!row);
    const series = await Promise.all(
      requested.map(async (variable) => {
        const { points, sampled } = await this.series(variable.id, query);
        return {
          metadata: { id: variable.id, label: variable.name, unit: variable.unit },
          data: points.map((point) => ({ timestamp: point.ts / 1000, value: point.value })),
          sampled,
        };
      }),
    );
    return { startDate: query.startDate, endDate: query.endDate, variables: series };
  }

  private async series(
    variableId: number,
    query: TimelineDataQuery,
  ): Promise<{ points: SeriesPoint[]; sampled: boolean }> {
    const count = await this.measurements.countInRange(variableId, query.startDate, query.endDate);
    if (count <= query.width * POINTS_PER_PIXEL) {
      return {
        points: await this.measurements.rawSeries(variableId, query.startDate, query.endDate),
        sampled: false,
      };
    }
    return {
      points: await this.measurements.m4Series(variableId, query.startDate, query.endDate, query.width),
      sampled: true,
    };
  }
}

function toMinimal(row: VariableRow): VariableMinimalDto {
  return {
    id: row.id,
    label: row.name,
    unit: row.unit,
    categoryId: row.categoryId,
    clientReference: row.clientReference,
  };
}
