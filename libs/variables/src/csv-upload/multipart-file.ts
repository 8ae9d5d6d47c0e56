import { BadRequestException } from '@nestjs/common';
import { Busboy } from '@fastify/busboy';
import type { IncomingHttpHeaders } from 'node:http';
import type { Readable } from 'node:stream';

// The first file part of a multipart/form-data body (curl -F file=@x.csv, an HTML form), as a stream
// read while it arrives; other fields and files are skipped. Rejects when the form holds no file.
export function firstFilePart(body: Readable, headers: IncomingHttpHeaders): Promise<Readable> {
  return new Promise((resolve, reject) => {
    const form = Busboy({
      headers: { ...headers, 'content-type': headers['content-type'] ?? '' },
      limits: { files: 1 },
    });
    let file: Readable | undefined;
    form.on('file', (_field, stream) => {
      file = stream;
      resolve(stream);
    });
    form.on('error', (error) => {
      if (file) file.destroy(error instanceof Error ? error : new Error(String(error)));
      else reject(new BadRequestException(`The multipart body could not be read: ${String(error)}`));
    });
    form.on('finish', () => {
      if (!file)
        reject(
          new BadRequestException(
            'The form holds no file: send the CSV file as a file part (curl -F file=@data.csv)',
          ),
        );
    });
    body.pipe(form);
  });
}
