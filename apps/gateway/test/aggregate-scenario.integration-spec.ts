// Aggregate variables in a cluster: identity, variables and rules as services of their own over PostgreSQL
// (a database of the run's own, cluster-run.ts) and the shared Kafka broker, and a cluster gateway running the simulator as
// in a deployment. The services' consumer groups are the run's own and start at the current end of the
// measurement topics, and the run's variable ids are its own, so what earlier runs left on the broker is not
// this run's. Restarting the variables service is a new instance joining the same group.
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Topics } from '@plantlens/contracts';
import { IdentityModule } from '@plantlens/identity';
import { createServiceApp, Database } from '@plantlens/platform';
import { RulesModule } from '@plantlens/rules';
import { VariablesModule } from '@plantlens/variables';
import { gatewayService } from '../src/gateway-service';
import {
  describeAggregateScenario,
  SCENARIO_SIMULATOR_SETTINGS,
  SmallBackfillChunksModule,
  type AggregateServices,
} from './aggregate-scenario';
import { closeInOrder, prepareClusterRun } from './cluster-run';
import { freePort } from './free-port';

const SUPERADMIN_PASSWORD = 'aggregates1';

describeAggregateScenario('cluster: PostgreSQL + Kafka', async () => {
  const [identityPort, variablesPort, rulesPort] = [await freePort(), await freePort(), await freePort()];
  const url = (port: number) => `http://127.0.0.1:${port}`;
  const cluster = await prepareClusterRun('aggregates', {
    SUPERADMIN_PASSWORD,
    IDENTITY_URL: url(identityPort),
    VARIABLES_URL: url(variablesPort),
    RULES_URL: url(rulesPort),
    VALVES_URL: url(rulesPort),
  });
  const { run, config, signing } = cluster;
  await cluster.startGroupsAtEnd(['variables', 'rules'], [Topics.measurements, Topics.derivedMeasurements]);
  const service = cluster.service;

  let identity: NestFastifyApplication | undefined;
  let variables: NestFastifyApplication | undefined;
  let rules: NestFastifyApplication | undefined;
  let simulator: NestFastifyApplication | undefined;
  const running = (): AggregateServices => ({
    identity: identity!,
    variables: variables!,
    rules: rules!,
    settle: () => Promise.resolve(),
  });

  return {
    superAdminPassword: SUPERADMIN_PASSWORD,
    async start() {
      identity = await service('identity', [IdentityModule], identityPort, signing);
      variables = await service('variables', [VariablesModule, SmallBackfillChunksModule], variablesPort);
      rules = await service('rules', [RulesModule], rulesPort);
      // Ids of the run's own: points other runs left on the broker name other variables.
      await variables
        .get(Database)
        .withConnection((connection) =>
          connection.query(
            `alter table variables.variable alter column id restart with ${1_800_000_000 + (Number(run) % 100_000_000)}`,
          ),
        );
      const gatewayConfig = config({
        ...SCENARIO_SIMULATOR_SETTINGS,
        GATEWAY_MODE: 'cluster',
        WEB_ROOT: '/nonexistent-web-build',
      });
      simulator = await createServiceApp(gatewayService(gatewayConfig));
      await simulator.getHttpAdapter().getInstance().ready();
      return running();
    },
    async restartVariables() {
      await variables?.close();
      variables = await service('variables', [VariablesModule, SmallBackfillChunksModule], variablesPort);
      return running();
    },
    async stop() {
      await closeInOrder({ simulator, rules, variables, identity });
      simulator = rules = variables = identity = undefined;
    },
    async cleanup() {
      await cluster.dropDatabase();
    },
  };
});
