import { Module } from '@nestjs/common';
import { VariableDeclarationClient } from '@plantlens/platform';
import { OpcUaConnector } from './opcua-connector.service';

// Hosted by the gateway (beside the simulator) when OPCUA_URL is set.
@Module({ providers: [OpcUaConnector, VariableDeclarationClient] })
export class OpcUaConnectorModule {}
