export * from './valves.module';
export { AssetAlarmPublisher } from './monitor/asset-alarm.publisher';
export { ValveMonitorService, type ValveMonitorCounters } from './monitor/valve-monitor.service';
