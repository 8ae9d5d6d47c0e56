import { Controller, ForbiddenException, Get, NotFoundException, Param } from '@nestjs/common';
import {
  sessionParamsSchema,
  sessionStateDtoSchema,
  type SessionParams,
  type SessionStateDto,
} from '@plantlens/contracts';
import { AllowServiceToken, IsServiceCaller, Responds, SessionStates } from '@plantlens/platform';

// For the other services' guards (SessionCheck): whether a user's access tokens may still write.
@Controller('api/web/session')
export class SessionController {
  constructor(private readonly sessions: SessionStates) {}

  @Get(':userId')
  @AllowServiceToken()
  @Responds(sessionStateDtoSchema)
  async state(
    @IsServiceCaller() serviceCaller: boolean,
    @Param({ schema: sessionParamsSchema }) params: SessionParams,
  ): Promise<SessionStateDto> {
    if (!serviceCaller) throw new ForbiddenException('Only services ask about sessions');
    const state = await this.sessions.find(params.userId);
    if (!state) throw new NotFoundException('No such user');
    return state;
  }
}
