import { Controller, Delete, Get, Query } from '@nestjs/common';
import {
  datastoreDeleteQuerySchema,
  datastoreDeleteResponseDtoSchema,
  datastoreEntryDtoSchema,
  type DatastoreDeleteQuery,
  type DatastoreDeleteResponseDto,
  type DatastoreEntryDto,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { ReadCacheService } from './read-cache.service';

// Spec part 1 §7 "Cache": the cache back office, for the super admin only.
@RequireFeature('Superadmin')
@Controller('api/web/datastore')
export class DatastoreController {
  constructor(private readonly cache: ReadCacheService) {}

  @Get()
  @Responds(datastoreEntryDtoSchema.array())
  list(): Promise<DatastoreEntryDto[]> {
    return this.cache.list();
  }

  @Delete()
  @Responds(datastoreDeleteResponseDtoSchema)
  async delete(
    @Query({ schema: datastoreDeleteQuerySchema }) query: DatastoreDeleteQuery,
  ): Promise<DatastoreDeleteResponseDto> {
    return { deleted: await this.cache.delete(query.ids) };
  }
}
