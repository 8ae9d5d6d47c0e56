import { Module } from '@nestjs/common';
import { VariableDeclarationClient } from '@plantlens/platform';
import { MqttConnector } from './mqtt-connector.service';

// Hosted by the gateway (beside the simulator) when MQTT_URL is set.
@Module({ providers: [MqttConnector, VariableDeclarationClient] })
export class MqttConnectorModule {}
