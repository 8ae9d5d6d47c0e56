import {
  AuthHeaders,
  CSV_UPLOAD_PATH,
  type CsvUploadQueryDto,
  type CsvUploadResponseDto,
} from '@plantlens/contracts';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { TokenProtocol } from '../../lib/base-query';

export type CsvUploadResult = { data: CsvUploadResponseDto } | { error: FetchBaseQueryError };

export interface CsvUploadRequest {
  file: Blob;
  /** unset fields are not sent: the server's defaults apply (the plant's zone for timeZone) */
  options: CsvUploadQueryDto;
  /** fraction of the file sent, 0 to 1 */
  onProgress: (fraction: number) => void;
}

export type CsvUploader = (request: CsvUploadRequest) => Promise<CsvUploadResult>;

// Uploads with XMLHttpRequest, whose upload events give the progress fetch does not. The server reads
// the file while it arrives, so the fraction sent is the fraction processed; what remains at 100 % is
// the publication of the last batches.
export function createCsvUploader(baseUrl: string, protocol: TokenProtocol): CsvUploader {
  return ({ file, options, onProgress }) => {
    const query = Object.entries(options).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    );
    const url = `${baseUrl}/${CSV_UPLOAD_PATH}?${new URLSearchParams(query)}`;
    return protocol.run(
      () => send(url, file, protocol.authorization(), onProgress),
      (result) =>
        'error' in result
          ? { status: result.error.status, body: result.error.data }
          : { status: 200, body: result.data },
    );
  };
}

function send(
  url: string,
  file: Blob,
  authorization: string | undefined,
  onProgress: (fraction: number) => void,
): Promise<CsvUploadResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Content-Type', 'text/csv');
    if (authorization) request.setRequestHeader(AuthHeaders.authorization, authorization);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    request.addEventListener('load', () => resolve(answer(request)));
    request.addEventListener('error', () =>
      resolve({ error: { status: 'FETCH_ERROR', error: 'The upload was interrupted' } }),
    );
    request.send(file);
  });
}

function answer(request: XMLHttpRequest): CsvUploadResult {
  let body: unknown;
  try {
    body = JSON.parse(request.responseText);
  } catch {
    return {
      error: {
        status: 'PARSING_ERROR',
        originalStatus: request.status,
        data: request.responseText,
        error: 'The answer is not JSON',
      },
    };
  }
  return request.status >= 200 && request.status < 300
    ? { data: body as CsvUploadResponseDto }
    : { error: { status: request.status, data: body } };
}
