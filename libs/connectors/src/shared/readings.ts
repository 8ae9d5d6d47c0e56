/** One value of one variable, named by its client reference. */
export interface Reading {
  reference: string;
  /** epoch milliseconds */
  ts: number;
  value: number;
}

export type RejectionReason =
  // MQTT payloads and topics
  | 'malformed-payload'
  | 'invalid-reference'
  | 'invalid-timestamp'
  | 'unsubscribed-topic'
  // OPC UA data values whose StatusCode is not Good
  | 'bad-quality'
  | 'uncertain-quality'
  // OPC UA values that arrive while the buffer is full (the server cannot be told to wait)
  | 'buffer-full'
  // every source
  | 'invalid-value'
  | 'unknown-variable';

export interface Rejection {
  reason: RejectionReason;
  detail: string;
  /** points (or messages, when nothing in them could be read) this rejection stands for */
  count: number;
}

/** A topic, node id or payload excerpt safe to put in one log line. */
export function printable(text: string, max = 120): string {
  const flat = text.replace(/\p{Cc}/gu, '?');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
