import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  categoryGroupCreateSchema,
  categoryGroupDtoSchema,
  categoryGroupIdQuerySchema,
  categoryGroupListQuerySchema,
  categoryGroupUpdateSchema,
  type CategoryGroupCreate,
  type CategoryGroupDto,
  type CategoryGroupUpdate,
} from '@plantlens/contracts';
import { CurrentUser, RequireFeature, Responds, type AuthenticatedUser } from '@plantlens/platform';
import { z } from 'zod';
import { CategoryService } from './category.service';

// Spec part 1 §7 "/api/web/category/". Administrators manage the groups (part 1 §6: Admin adds categorical
// variables); the screens that show categories read them too: the raw variable editor (RawVariable) and the
// explorer (Explore).
@Controller('api/web/category')
export class CategoryController {
  constructor(private readonly categories: CategoryService) {}

  /** Every group by name; with ?id= that group alone (404 if none). */
  @Get()
  @RequireFeature('Admin', 'RawVariable', 'Explore')
  @Responds(z.union([categoryGroupDtoSchema.array(), categoryGroupDtoSchema]), {
    description: 'every group by name; with ?id= that group alone',
  })
  list(
    @Query({ schema: categoryGroupListQuerySchema }) query: { id?: number },
  ): Promise<CategoryGroupDto[] | CategoryGroupDto> {
    return query.id === undefined ? this.categories.list() : this.categories.get(query.id);
  }

  @Post()
  @RequireFeature('Admin')
  @Responds(categoryGroupDtoSchema)
  create(
    @CurrentUser() user: AuthenticatedUser,
    @Body({ schema: categoryGroupCreateSchema }) body: CategoryGroupCreate,
  ): Promise<CategoryGroupDto> {
    return this.categories.create(user, body);
  }

  @Put()
  @RequireFeature('Admin')
  @Responds(categoryGroupDtoSchema)
  update(@Body({ schema: categoryGroupUpdateSchema }) body: CategoryGroupUpdate): Promise<CategoryGroupDto> {
    return this.categories.update(body);
  }

  @Delete()
  @HttpCode(204)
  @RequireFeature('Admin')
  @Responds(null, { status: 204 })
  async delete(@Query({ schema: categoryGroupIdQuerySchema }) query: { id: number }): Promise<void> {
    await this.categories.delete(query.id);
  }
}
