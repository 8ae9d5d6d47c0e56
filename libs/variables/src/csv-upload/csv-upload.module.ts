import { Module } from '@nestjs/common';
import { RetentionPolicy } from '../retention/retention-policy';
import { VariableRepository } from '../variable/variable.repository';
import { CsvUploadController } from './csv-upload.controller';
import { CsvUploadService } from './csv-upload.service';

// The CSV uploader: one more data source of the `measurements` topic, hosted by the variables service.
@Module({
  controllers: [CsvUploadController],
  providers: [VariableRepository, RetentionPolicy, CsvUploadService],
})
export class CsvUploadModule {}
