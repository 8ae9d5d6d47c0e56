// The OPC UA connector in a cluster: identity and variables as services of their own over PostgreSQL and
// Kafka (cluster-run.ts), and the cluster gateway hosting the connector and routing the web API to them, as
// in a deployment.
import { Topics } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { createServiceApp } from '@plantlens/platform';
import { VariablesModule } from '@plantlens/variables';
import { gatewayService } from '../src/gateway-service';
import { prepareClusterRun } from './cluster-run';
import { freePort } from './free-port';
import { describeOpcUaScenario } from './opcua-scenario';

describeOpcUaScenario(
  'cluster (PostgreSQL + Kafka)',
  async ({ SUPERADMIN_PASSWORD, ...connectorSettings }) => {
    const [identityPort, variablesPort, gatewayPort] = [await freePort(), await freePort(), await freePort()];
    const url = (port: number) => `http://127.0.0.1:${port}`;
    const cluster = await prepareClusterRun('opcua', {
      SUPERADMIN_PASSWORD: SUPERADMIN_PASSWORD!,
      IDENTITY_URL: url(identityPort),
      VARIABLES_URL: url(variablesPort),
      // Nothing listens there; this test only reads the explorer.
      RULES_URL: url(9),
      VALVES_URL: url(9),
    });
    await cluster.startGroupsAtEnd(['variables'], [Topics.measurements]);
    const identity = await cluster.service('identity', [IdentityModule], identityPort, cluster.signing);
    const variables = await cluster.service('variables', [VariablesModule], variablesPort);
    const gatewayConfig = cluster.config({
      ...connectorSettings,
      GATEWAY_MODE: 'cluster',
      WEB_ROOT: '/nonexistent-web-build',
    });
    const gateway = await createServiceApp(gatewayService(gatewayConfig));
    await gateway.listen(gatewayPort, '127.0.0.1');
    return {
      gateway,
      variables,
      async close() {
        for (const app of [gateway, variables, identity]) await app.close();
        await cluster.dropDatabase();
      },
    };
  },
);
