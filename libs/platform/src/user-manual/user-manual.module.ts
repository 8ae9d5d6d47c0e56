import { Module } from '@nestjs/common';
import { UserManualController } from './user-manual.controller';

// The product's user manual, served by the gateway itself in both run modes.
@Module({ controllers: [UserManualController] })
export class UserManualModule {}
