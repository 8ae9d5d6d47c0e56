import { KafkaParser, KafkaRequestDeserializer } from '@nestjs/microservices';
import { KafkaValueDeserializer } from './kafka-value.deserializer';

// A message as ServerKafka hands it to its deserializer: parsed by KafkaParser with or without keepBinary.
function consumed(value: Buffer | null, keepBinary: boolean) {
  return new KafkaParser({ keepBinary }).parse({
    key: Buffer.from('3'),
    value,
    headers: { index: Buffer.from('7') },
    timestamp: '0',
    offset: '0',
    attributes: 0,
    size: 0,
  });
}

describe('KafkaValueDeserializer', () => {
  const values: [string, Buffer | null][] = [
    [
      'a JSON object',
      Buffer.from(JSON.stringify({ source: 's', points: [{ variableId: 1, ts: 2, value: 3.5 }] })),
    ],
    ['a JSON array', Buffer.from('[1,2,3]')],
    ['a plain string', Buffer.from('hello')],
    ['invalid JSON', Buffer.from('{"unterminated":')],
    ['a schema payload (leading zero byte)', Buffer.from([0, 1, 2, 3])],
    ['an empty value', Buffer.alloc(0)],
    ['no value', null],
  ];

  it.each(values)('decodes %s as Nest’s own parser and deserializer do', async (_name, value) => {
    const options = { channel: 'measurements' };
    const ours = await new KafkaValueDeserializer().deserialize(consumed(value, true), options);
    const nest = await new KafkaRequestDeserializer().deserialize(consumed(value, false), options);
    expect(ours).toEqual(nest);
    expect(ours.pattern).toBe('measurements');
  });
});
