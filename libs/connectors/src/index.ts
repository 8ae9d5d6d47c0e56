export { MqttConnectorModule } from './mqtt/mqtt-connector.module';
export { MqttConnector, type MqttConnectorCounters } from './mqtt/mqtt-connector.service';
export { OpcUaConnectorModule } from './opcua/opcua-connector.module';
export { OpcUaConnector, type OpcUaConnectorCounters } from './opcua/opcua-connector.service';
