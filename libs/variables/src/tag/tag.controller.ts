import { Controller, Get } from '@nestjs/common';
import type { TagTreeNodeDto } from '@plantlens/contracts';
import { RequireFeature } from '@plantlens/platform';
import { PICKER_FEATURES } from '../variable/variable.controller';
import { TagService } from './tag.service';

// Read-only for now: the tag filters of the pickers (multiple correlation, variable tables) need the tree;
// editing it (PUT/DELETE /api/web/tag, part 1 §7) belongs to the taxonomy screens.
@Controller('api/web/tag')
export class TagController {
  constructor(private readonly tags: TagService) {}

  @Get('tree')
  @RequireFeature(...PICKER_FEATURES)
  tree(): Promise<TagTreeNodeDto[]> {
    return this.tags.tree();
  }
}
