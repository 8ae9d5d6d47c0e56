import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { IContainer, IContainerPort, IPodTemplateSpec, IProbe } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { KubernetesSchema, objectName, type ManifestObject } from './kubernetes-schema';

/** The pods of Plantlens itself (every other pod is infrastructure: Kafka, PostgreSQL). */
const APP_POD_LABEL = { key: 'app.kubernetes.io/name', value: 'plantlens' } as const;

/** What the Prometheus scrape annotations of every Plantlens pod must say (docs/operations.md "Manifests"). */
const SCRAPE_ANNOTATIONS = {
  scrape: 'prometheus.io/scrape',
  port: 'prometheus.io/port',
  path: 'prometheus.io/path',
} as const;
const METRICS_PATH = '/metrics';
const METRICS_TOKEN_VARIABLE = 'METRICS_TOKEN';

export interface ManifestRules {
  /** The paths an HTTP probe of a Plantlens container may ask (the app's health endpoints). */
  probePaths: string[];
}

/** The folders holding a kustomization.yaml under `root` (deploy/k8s): base, infrastructure, overlays/*. */
export function kustomizations(root: string): string[] {
  const found: string[] = [];
  const visit = (dir: string): void => {
    if (existsSync(path.join(dir, 'kustomization.yaml'))) found.push(path.relative(root, dir));
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(path.join(dir, entry.name));
    }
  };
  visit(root);
  return found.sort();
}

/** Builds tools/k8s' kustomize renderer if missing (minutes the first time) and returns its path. */
export function kustomizeRenderer(): string {
  return execFileSync('bash', [path.join(__dirname, 'build-renderer.sh')], { encoding: 'utf8' }).trim();
}

/** The objects `kubectl kustomize DIR` would apply. */
export function render(renderer: string, dir: string): ManifestObject[] {
  return parseYaml(execFileSync(renderer, [dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
}

export function parseYaml(text: string): ManifestObject[] {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) throw document.errors[0];
      return document.toJS() as ManifestObject | null;
    })
    .filter((object) => object !== null);
}

/** Every problem of the objects: schema first, then (for objects the schema accepts) the rules below. */
export function manifestProblems(objects: ManifestObject[], rules: ManifestRules): string[] {
  const schema = new KubernetesSchema(objects);
  return objects.flatMap((object) => {
    const schemaProblems = schema.problems(object);
    return schemaProblems.length > 0 ? schemaProblems : ruleProblems(object, rules);
  });
}

interface PodTemplate {
  at: string;
  template: IPodTemplateSpec;
}

// Only objects the schema accepted get here: the casts below describe what validate() has checked.
function podTemplates(object: ManifestObject): PodTemplate[] {
  const spec = object.spec as {
    template?: IPodTemplateSpec;
    jobTemplate?: { spec?: { template?: IPodTemplateSpec } };
  };
  if (spec?.template) return [{ at: 'spec.template', template: spec.template }];
  if (spec?.jobTemplate?.spec?.template)
    return [{ at: 'spec.jobTemplate.spec.template', template: spec.jobTemplate.spec.template }];
  return [];
}

function ruleProblems(object: ManifestObject, rules: ManifestRules): string[] {
  const name = objectName(object);
  const problems: string[] = [];
  const report = (field: string, problem: string): void => void problems.push(`${name}: ${field} ${problem}`);

  if (object.kind === 'ConfigMap' && METRICS_TOKEN_VARIABLE in ((object.data as object | undefined) ?? {})) {
    report(`data.${METRICS_TOKEN_VARIABLE}`, 'is a secret: it belongs in a Secret, not a ConfigMap');
  }
  for (const { at, template } of podTemplates(object)) {
    const spec = template.spec;
    if (!spec) {
      report(`${at}.spec`, 'is missing');
      continue;
    }
    const isApp = template.metadata?.labels?.[APP_POD_LABEL.key] === APP_POD_LABEL.value;
    const containers = [
      ...(spec.initContainers ?? []).map((container, i) => ({
        container,
        at: `${at}.spec.initContainers[${i}]`,
        serves: false,
      })),
      ...spec.containers.map((container, i) => ({
        container,
        at: `${at}.spec.containers[${i}]`,
        serves: true,
      })),
    ];
    const ports = containers.flatMap(({ container }) => container.ports ?? []);
    for (const { container, at: containerAt, serves } of containers) {
      resourceProblems(container, containerAt, report);
      // An init container runs to completion before the pod serves: no probes, no /metrics.
      const appServer = isApp && serves;
      probeProblems(container, containerAt, appServer ? rules.probePaths : undefined, report);
      if (appServer) metricsTokenProblems(container, containerAt, report);
    }
    if (isApp) scrapeProblems(template, `${at}.metadata.annotations`, ports, report);
  }
  return problems;
}

type Report = (field: string, problem: string) => void;

function resourceProblems(container: IContainer, at: string, report: Report): void {
  for (const bound of ['requests', 'limits'] as const) {
    for (const resource of ['cpu', 'memory']) {
      if (container.resources?.[bound]?.[resource] === undefined) {
        report(
          `${at}.resources.${bound}.${resource}`,
          'is missing (every container has cpu and memory requests and limits)',
        );
      }
    }
  }
}

function declaresPort(ports: IContainerPort[], port: string | number): boolean {
  return ports.some((declared) =>
    typeof port === 'number' ? declared.containerPort === port : declared.name === port,
  );
}

function probeProblems(
  container: IContainer,
  at: string,
  probePaths: string[] | undefined,
  report: Report,
): void {
  const probes: [string, IProbe | undefined][] = [
    ['startupProbe', container.startupProbe],
    ['livenessProbe', container.livenessProbe],
    ['readinessProbe', container.readinessProbe],
  ];
  if (probePaths) {
    // A Plantlens container leaves the Service while not ready and restarts when its process hangs.
    for (const [probe, value] of probes.slice(1)) if (!value) report(`${at}.${probe}`, 'is missing');
  }
  for (const [probe, value] of probes) {
    if (!value) continue;
    const check = value.httpGet ?? value.tcpSocket;
    const port = check?.port ?? value.grpc?.port;
    const kind = value.httpGet ? 'httpGet' : value.tcpSocket ? 'tcpSocket' : 'grpc';
    if (port !== undefined && !declaresPort(container.ports ?? [], port)) {
      report(`${at}.${probe}.${kind}.port`, `${port} is no containerPort of container ${container.name}`);
    }
    const probePath = value.httpGet?.path;
    if (probePaths && value.httpGet && !probePaths.includes(probePath ?? '/')) {
      report(
        `${at}.${probe}.httpGet.path`,
        `${probePath ?? '/'} is no endpoint of the app (${probePaths.join(', ')})`,
      );
    }
  }
}

function metricsTokenProblems(container: IContainer, at: string, report: Report): void {
  const index = (container.env ?? []).findIndex((variable) => variable.name === METRICS_TOKEN_VARIABLE);
  const variable = container.env?.[index];
  if (!variable) {
    report(
      `${at}.env`,
      `has no ${METRICS_TOKEN_VARIABLE} (from a Secret): Prometheus could not scrape /metrics`,
    );
  } else if (!variable.valueFrom?.secretKeyRef) {
    report(
      `${at}.env[${index}]`,
      `${METRICS_TOKEN_VARIABLE} must come from a Secret (valueFrom.secretKeyRef)`,
    );
  }
}

function scrapeProblems(
  template: IPodTemplateSpec,
  at: string,
  ports: IContainerPort[],
  report: Report,
): void {
  const annotations = template.metadata?.annotations ?? {};
  const expect = (key: string, wanted: string): void => {
    if (annotations[key] !== wanted)
      report(`${at}.${key}`, `is ${annotations[key] ?? 'missing'}, not ${wanted}`);
  };
  expect(SCRAPE_ANNOTATIONS.scrape, 'true');
  expect(SCRAPE_ANNOTATIONS.path, METRICS_PATH);
  const port = annotations[SCRAPE_ANNOTATIONS.port];
  if (port === undefined || !declaresPort(ports, Number(port))) {
    report(
      `${at}.${SCRAPE_ANNOTATIONS.port}`,
      `is ${port ?? 'missing'}, not a containerPort number of the pod`,
    );
  }
}
