import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import {
  tagAssignmentResultDtoSchema,
  tagAssignmentSchema,
  tagChangeQuerySchema,
  tagConfirmationDtoSchema,
  tagTreeChangedDtoSchema,
  tagTreeNodeDtoSchema,
  tagTreeBodySchema,
  type TagAssignment,
  type TagAssignmentResultDto,
  type TagChangeQuery,
  type TagTreeBody,
  type TagTreeNodeDto,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import { z } from 'zod';
import { PICKER_FEATURES } from '../variable/variable.controller';
import { TagService } from './tag.service';

// Spec part 1 §7 "Variables": the tree serves every variable picker; changing the tree and tagging
// variables are the taxonomy and tag assignment screens' (Admin).
@Controller('api/web/tag')
export class TagController {
  constructor(private readonly tags: TagService) {}

  @Get('tree')
  @RequireFeature(...PICKER_FEATURES)
  @Responds(tagTreeNodeDtoSchema.array())
  tree(): Promise<TagTreeNodeDto[]> {
    return this.tags.tree();
  }

  // The whole tree; answers the tree as stored.
  @Put()
  @RequireFeature('Admin')
  @Responds(tagTreeNodeDtoSchema.array())
  @Responds(z.union([tagConfirmationDtoSchema, tagTreeChangedDtoSchema]), {
    status: 409,
    description:
      'tags in use would become categories (repeat with confirm=true), or the tree changed since read',
  })
  replace(
    @Body({ schema: tagTreeBodySchema }) body: TagTreeBody,
    @Query({ schema: tagChangeQuerySchema }) query: TagChangeQuery,
  ): Promise<TagTreeNodeDto[]> {
    return this.tags.replaceTree(body, query.confirm);
  }

  // The nodes to delete, with their descendants; answers the tree left.
  @Delete()
  @RequireFeature('Admin')
  @Responds(tagTreeNodeDtoSchema.array())
  @Responds(tagConfirmationDtoSchema, {
    status: 409,
    description: 'variables carry the tags (repeat with confirm=true)',
  })
  delete(
    @Body({ schema: tagTreeBodySchema }) body: TagTreeBody,
    @Query({ schema: tagChangeQuerySchema }) query: TagChangeQuery,
  ): Promise<TagTreeNodeDto[]> {
    return this.tags.deleteTags(body, query.confirm);
  }

  @Put('add')
  @RequireFeature('Admin')
  @Responds(tagAssignmentResultDtoSchema)
  add(@Body({ schema: tagAssignmentSchema }) body: TagAssignment): Promise<TagAssignmentResultDto> {
    return this.tags.assign(body);
  }

  @Put('remove')
  @RequireFeature('Admin')
  @Responds(tagAssignmentResultDtoSchema)
  remove(@Body({ schema: tagAssignmentSchema }) body: TagAssignment): Promise<TagAssignmentResultDto> {
    return this.tags.unassign(body);
  }
}
