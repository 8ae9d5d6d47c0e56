export { MqttConnectorModule } from './mqtt/mqtt-connector.module';
export { MqttConnector, type MqttConnectorCounters } from './mqtt/mqtt-connector.service';
