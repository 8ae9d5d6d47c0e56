import { Body, Controller, Delete, Get, Put, Query } from '@nestjs/common';
import {
  tagAssignmentSchema,
  tagChangeQuerySchema,
  tagTreeBodySchema,
  type TagAssignment,
  type TagAssignmentResultDto,
  type TagChangeQuery,
  type TagTreeBody,
  type TagTreeNodeDto,
} from '@plantlens/contracts';
import { RequireFeature } from '@plantlens/platform';
import { PICKER_FEATURES } from '../variable/variable.controller';
import { TagService } from './tag.service';

// Spec part 1 §7 "Variables": the tree serves every variable picker; changing the tree and tagging
// variables are the taxonomy and tag assignment screens' (Admin).
@Controller('api/web/tag')
export class TagController {
  constructor(private readonly tags: TagService) {}

  @Get('tree')
  @RequireFeature(...PICKER_FEATURES)
  tree(): Promise<TagTreeNodeDto[]> {
    return this.tags.tree();
  }

  // The whole tree; answers the tree as stored.
  @Put()
  @RequireFeature('Admin')
  replace(
    @Body({ schema: tagTreeBodySchema }) body: TagTreeBody,
    @Query({ schema: tagChangeQuerySchema }) query: TagChangeQuery,
  ): Promise<TagTreeNodeDto[]> {
    return this.tags.replaceTree(body, query.confirm);
  }

  // The nodes to delete, with their descendants; answers the tree left.
  @Delete()
  @RequireFeature('Admin')
  delete(
    @Body({ schema: tagTreeBodySchema }) body: TagTreeBody,
    @Query({ schema: tagChangeQuerySchema }) query: TagChangeQuery,
  ): Promise<TagTreeNodeDto[]> {
    return this.tags.deleteTags(body, query.confirm);
  }

  @Put('add')
  @RequireFeature('Admin')
  add(@Body({ schema: tagAssignmentSchema }) body: TagAssignment): Promise<TagAssignmentResultDto> {
    return this.tags.assign(body);
  }

  @Put('remove')
  @RequireFeature('Admin')
  remove(@Body({ schema: tagAssignmentSchema }) body: TagAssignment): Promise<TagAssignmentResultDto> {
    return this.tags.unassign(body);
  }
}
