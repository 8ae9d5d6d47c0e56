// Body of every 4xx/5xx answer of the HTTP API.
export interface ApiErrorDto {
  statusCode: number;
  error: string;
  message: string;
  /** one entry per invalid field, when the request failed validation */
  issues?: { path: string; message: string }[];
}
