import {
  Controller,
  HttpCode,
  HttpStatus,
  Post,
  Query,
  Req,
  UnsupportedMediaTypeException,
  type OnModuleInit,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { ApiConsumes } from '@nestjs/swagger';
import {
  CSV_UPLOAD_CONTENT_TYPES,
  CSV_UPLOAD_MAX_BYTES,
  CSV_UPLOAD_MULTIPART_TYPE,
  csvUploadQuerySchema,
  type CsvUploadQuery,
  type CsvUploadResponseDto,
  csvUploadResponseDtoSchema,
} from '@plantlens/contracts';
import { RequireFeature, Responds } from '@plantlens/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PassThrough, Readable } from 'node:stream';
import { CsvUploadService, fileTooLarge } from './csv-upload.service';
import { firstFilePart } from './multipart-file';

@Controller('api/web/csv-upload')
export class CsvUploadController implements OnModuleInit {
  constructor(
    private readonly uploads: CsvUploadService,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  // The file reaches the handler as the request stream itself, unread: Fastify would otherwise buffer
  // the whole body (and cap it at the app's bodyLimit) before the handler runs.
  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addContentTypeParser(
      [...CSV_UPLOAD_CONTENT_TYPES, CSV_UPLOAD_MULTIPART_TYPE],
      (_request, payload, done) => done(null, payload),
    );
  }

  // The file is read while it arrives, so the browser's upload progress is the processing progress;
  // the answer, once the last point is published, is the summary and the error report.
  @Post()
  @HttpCode(HttpStatus.OK)
  @RequireFeature('Superadmin')
  @Responds(csvUploadResponseDtoSchema)
  @ApiConsumes(...CSV_UPLOAD_CONTENT_TYPES, CSV_UPLOAD_MULTIPART_TYPE)
  async upload(
    @Query({ schema: csvUploadQuerySchema }) query: CsvUploadQuery,
    @Req() request: FastifyRequest,
  ): Promise<CsvUploadResponseDto> {
    if (!(request.body instanceof Readable)) {
      throw new UnsupportedMediaTypeException(
        `Send the CSV file as the request body with Content-Type ${CSV_UPLOAD_CONTENT_TYPES.join(' or ')}, ` +
          `or as the file part of a ${CSV_UPLOAD_MULTIPART_TYPE} form`,
      );
    }
    // A declared size over the limit is refused before a byte is read.
    if (Number(request.headers['content-length'] ?? 0) > CSV_UPLOAD_MAX_BYTES) throw fileTooLarge();
    const isForm = request.headers['content-type']?.toLowerCase().startsWith(CSV_UPLOAD_MULTIPART_TYPE);
    // The reader destroys the stream it stops reading on a failure; destroying the request itself would reset
    // the connection before the client reads the error answer (a browser would show a network error). So it
    // reads a pass-through, and on failure the rest of the request is drained while the error is answered.
    const body = request.body;
    const source = body.pipe(new PassThrough());
    try {
      const file = isForm ? await firstFilePart(source, request.headers) : source;
      return await this.uploads.upload(file, query);
    } catch (error) {
      body.unpipe(source);
      body.resume();
      throw error;
    }
  }
}
