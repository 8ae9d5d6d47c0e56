import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { KafkaContext } from '@nestjs/microservices';
import type { KafkaMessage } from '@nestjs/microservices/external/kafka.interface';
import { lastValueFrom, of, throwError } from 'rxjs';
import { ConsumedMessageClock, ConsumedMessageInterceptor } from './consumer-lag';

function kafkaHandlerContext(topic: string, partition: number, timestamp: number): ExecutionContextHost {
  const message = { timestamp: String(timestamp), offset: '7', key: null, value: null } as KafkaMessage;
  const kafka = new KafkaContext([message, partition, topic, null!, () => Promise.resolve(), null!]);
  const context = new ExecutionContextHost([{}, kafka]);
  context.setType('rpc');
  return context;
}

describe('ConsumedMessageInterceptor', () => {
  it('records the timestamp of a Kafka message once its handler succeeded, the latest per partition', async () => {
    const clock = new ConsumedMessageClock();
    const interceptor = new ConsumedMessageInterceptor(clock);
    const handled = { handle: () => of(undefined) };
    await lastValueFrom(interceptor.intercept(kafkaHandlerContext('measurements', 2, 2_000), handled), {
      defaultValue: undefined,
    });
    await lastValueFrom(interceptor.intercept(kafkaHandlerContext('measurements', 2, 1_000), handled), {
      defaultValue: undefined,
    });
    expect(clock.latestOf('measurements', 2)).toBe(2_000);
    expect(clock.latestOf('measurements', 1)).toBeUndefined();
  });

  it('records nothing for a failed handler (its message is delivered again) nor for an HTTP request', async () => {
    const clock = new ConsumedMessageClock();
    const interceptor = new ConsumedMessageInterceptor(clock);
    const failed = interceptor.intercept(kafkaHandlerContext('measurements', 0, 5_000), {
      handle: () => throwError(() => new Error('database down')),
    });
    await expect(lastValueFrom(failed)).rejects.toThrow('database down');
    expect(clock.latestOf('measurements', 0)).toBeUndefined();
    const http = new ExecutionContextHost([{}, {}]);
    await lastValueFrom(interceptor.intercept(http, { handle: () => of('answer') }));
    expect(clock.latestOf('measurements', 0)).toBeUndefined();
  });
});
