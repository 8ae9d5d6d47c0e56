// A real OPC UA server (node-opcua) for the connector's tests: variables in its own namespace (ns=1) whose
// values the test sets with their source timestamp and status, and a restart that keeps each variable's
// last value, as a PLC does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPCUACertificateManager } from 'node-opcua-certificate-manager';
import { OPCUAServer } from 'node-opcua-server';
import { StatusCodes, type StatusCode } from 'node-opcua-status-code';
import { DataType } from 'node-opcua-variant';

export const OPCUA_USERNAME = 'plantlens';
export const OPCUA_PASSWORD = 'opcua-secret';

export interface TestNode {
  /** the string identifier, in namespace 1 */
  name: string;
  dataType: 'Double' | 'Boolean' | 'String';
}

interface LastValue {
  value: number | boolean | string;
  sourceTimestamp: Date;
  statusCode: StatusCode;
}

type TestVariable = ReturnType<
  ReturnType<NonNullable<OPCUAServer['engine']['addressSpace']>['getOwnNamespace']>['addVariable']
>;

export interface TestOpcUaServer {
  url: string;
  set(name: string, value: number | boolean | string, sourceTs: number, statusCode?: StatusCode): void;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startOpcUaServer(port: number, nodes: TestNode[]): Promise<TestOpcUaServer> {
  const pkiDirectory = mkdtempSync(join(tmpdir(), 'plantlens-opcua-server-'));
  const lastValues = new Map<string, LastValue>();
  let server = await launch(port, nodes, pkiDirectory, lastValues);
  return {
    url: `opc.tcp://127.0.0.1:${port}`,
    set: (name, value, sourceTs, statusCode = StatusCodes.Good) => {
      const last = { value, sourceTimestamp: new Date(sourceTs), statusCode };
      lastValues.set(name, last);
      write(server, name, last);
    },
    restart: async () => {
      await server.shutdown(0);
      server = await launch(port, nodes, pkiDirectory, lastValues);
    },
    stop: async () => {
      await server.shutdown(0);
      rmSync(pkiDirectory, { recursive: true, force: true });
    },
  };
}

async function launch(
  port: number,
  nodes: TestNode[],
  pkiDirectory: string,
  lastValues: Map<string, LastValue>,
): Promise<OPCUAServer> {
  const server = new OPCUAServer({
    port,
    hostname: '127.0.0.1',
    allowAnonymous: false,
    userManager: {
      isValidUser: (userName: string, password: string) =>
        userName === OPCUA_USERNAME && password === OPCUA_PASSWORD,
    },
    serverCertificateManager: new OPCUACertificateManager({
      rootFolder: join(pkiDirectory, 'server'),
      automaticallyAcceptUnknownCertificate: true,
    }),
  });
  await server.initialize();
  const addressSpace = server.engine.addressSpace!;
  const namespace = addressSpace.getOwnNamespace();
  for (const { name, dataType } of nodes) {
    namespace.addVariable({
      organizedBy: addressSpace.rootFolder.objects,
      browseName: name,
      nodeId: `s=${name}`,
      dataType,
      // Exception-based: a monitored item with sampling interval 0 reports every change, none sampled away.
      minimumSamplingInterval: 0,
    });
    const last = lastValues.get(name);
    if (last) write(server, name, last);
  }
  await server.start();
  return server;
}

function write(server: OPCUAServer, name: string, { value, sourceTimestamp, statusCode }: LastValue): void {
  const variable = server.engine.addressSpace!.findNode(`ns=1;s=${name}`) as TestVariable | null;
  if (!variable) throw new Error(`no variable ${name}`);
  const dataType =
    typeof value === 'number'
      ? DataType.Double
      : typeof value === 'boolean'
        ? DataType.Boolean
        : DataType.String;
  variable.setValueFromSource({ dataType, value }, statusCode, sourceTimestamp);
}
