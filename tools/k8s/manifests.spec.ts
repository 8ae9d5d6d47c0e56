import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { RequestMethod } from '@nestjs/common';
import { controllerRoutes } from '@plantlens/platform';
import { HealthController } from '../../libs/platform/src/health/health.controller';
import {
  kustomizations,
  kustomizeRenderer,
  manifestProblems,
  parseYaml,
  render,
  type ManifestRules,
} from './manifests';

const deployK8s = path.join(__dirname, '../../deploy/k8s');
// The probes may ask exactly what the app's health controller answers.
const rules: ManifestRules = {
  probePaths: controllerRoutes(HealthController)
    .filter((route) => route.method === RequestMethod.GET)
    .map((route) => route.path),
};
const appWorkloads = [
  'Deployment gateway',
  'Deployment identity',
  'Deployment variables',
  'StatefulSet rules-engine',
  'Deployment valve-monitor',
];

let renderer: string;
// A cold build of the renderer downloads the kustomize module and compiles it: minutes on a busy machine
// (.ci/run builds it in a step of its own before `npm test`, so there it is already there).
beforeAll(() => {
  renderer = kustomizeRenderer();
}, 600_000);

const names = (objects: { kind?: unknown; metadata?: { name?: string } }[]) =>
  objects.map((object) => `${String(object.kind)} ${object.metadata?.name}`);

describe('deploy/k8s', () => {
  it('knows the health endpoints the probes may use', () => {
    expect([...rules.probePaths].sort()).toEqual(['/api/health', '/api/ready']);
  });

  it('finds every kustomization', () => {
    expect(kustomizations(deployK8s)).toEqual(
      expect.arrayContaining(['base', 'infrastructure', 'overlays/demo']),
    );
  });

  it.each(kustomizations(deployK8s))('%s renders to valid objects that pass every rule', (dir) => {
    const objects = render(renderer, path.join(deployK8s, dir));
    expect(objects.length).toBeGreaterThan(0);
    expect(manifestProblems(objects, rules)).toEqual([]);
  });

  it('the demo holds the five services, Kafka and PostgreSQL', () => {
    const objects = names(render(renderer, path.join(deployK8s, 'overlays/demo')));
    expect(objects).toEqual(
      expect.arrayContaining([...appWorkloads, 'StatefulSet kafka', 'StatefulSet postgres']),
    );
  });

  it('the example Secrets are valid Secrets', () => {
    const examples = kustomizations(deployK8s).flatMap((dir) =>
      readdirSync(path.join(deployK8s, dir))
        .filter((file) => file.endsWith('.example.yaml'))
        .flatMap((file) => parseYaml(readFileSync(path.join(deployK8s, dir, file), 'utf8'))),
    );
    expect(names(examples)).toEqual(
      expect.arrayContaining([
        'Secret plantlens-database',
        'Secret plantlens-auth',
        'Secret plantlens-metrics',
        'Secret postgres-credentials',
      ]),
    );
    expect(manifestProblems(examples, rules)).toEqual([]);
  });
});

// The validator itself: a copy of deploy/k8s with one defect, rendered through the demo overlay, must fail with a
// message naming the object and the field.
describe('a broken copy of deploy/k8s', () => {
  let copy: string;
  beforeEach(() => {
    copy = mkdtempSync(path.join(tmpdir(), 'plantlens-k8s-'));
    cpSync(deployK8s, copy, { recursive: true });
  });
  afterEach(() => rmSync(copy, { recursive: true, force: true }));

  /** Replaces the only occurrence of `from` after the first line holding `after` in one file of the copy. */
  function breakFile(file: string, after: string, from: string, to: string): void {
    const full = path.join(copy, file);
    const text = readFileSync(full, 'utf8');
    const start = text.indexOf(after);
    const at = text.indexOf(from, start);
    if (start < 0 || at < 0)
      throw new Error(`${file}: no "${from}" after "${after}": the fixture no longer fits`);
    writeFileSync(full, text.slice(0, at) + to + text.slice(at + from.length));
  }

  it.each([
    {
      defect: 'a misspelt field',
      file: 'base/identity.yaml',
      after: '    spec:',
      from: 'containers:',
      to: 'contianers:',
      problems: [
        'Deployment identity: spec.template.spec must have required property containers',
        'Deployment identity: spec.template.spec.contianers is no field of Deployment in Kubernetes 1.33',
      ],
    },
    {
      defect: 'a word for a number',
      file: 'base/identity.yaml',
      after: 'spec:',
      from: 'replicas: 1',
      to: 'replicas: two',
      problems: ['Deployment identity: spec.replicas must be integer'],
    },
    {
      defect: 'a misspelt kind',
      file: 'base/valve-monitor.yaml',
      after: 'apiVersion: apps/v1',
      from: 'kind: Deployment',
      to: 'kind: Deploymnet',
      problems: ['Deploymnet valve-monitor: apps/v1 Deploymnet is no kind of Kubernetes 1.33'],
    },
    {
      defect: 'a memory limit missing',
      file: 'base/variables.yaml',
      after: '            limits:',
      from: '              memory: 768Mi\n',
      to: '',
      problems: [
        'Deployment variables: spec.template.spec.containers[0].resources.limits.memory is missing (every container has cpu and memory requests and limits)',
      ],
    },
    {
      defect: 'a probe asking a path the app does not serve',
      file: 'base/gateway.yaml',
      after: 'readinessProbe:',
      from: 'path: /api/ready',
      to: 'path: /api/readyz',
      problems: [
        'Deployment gateway: spec.template.spec.containers[0].readinessProbe.httpGet.path /api/readyz is no endpoint of the app (/api/health, /api/ready)',
      ],
    },
    {
      defect: 'a probe on an undeclared port',
      file: 'base/rules-engine.yaml',
      after: 'livenessProbe:',
      from: 'port: http',
      to: 'port: metrics',
      problems: [
        'StatefulSet rules-engine: spec.template.spec.containers[0].livenessProbe.httpGet.port metrics is no containerPort of container rules-engine',
      ],
    },
    {
      defect: 'the scrape annotations turned off',
      file: 'base/identity.yaml',
      after: 'template:',
      from: "prometheus.io/scrape: 'true'",
      to: "prometheus.io/scrape: 'false'",
      problems: [
        'Deployment identity: spec.template.metadata.annotations.prometheus.io/scrape is false, not true',
      ],
    },
    {
      defect: 'the metrics token written into the manifest',
      file: 'base/variables.yaml',
      after: '- name: METRICS_TOKEN',
      from: 'valueFrom:\n                secretKeyRef:\n                  name: plantlens-metrics\n                  key: token\n                  optional: true',
      to: "value: 'not-a-secret-at-all'",
      problems: [
        'Deployment variables: spec.template.spec.containers[0].env[1] METRICS_TOKEN must come from a Secret (valueFrom.secretKeyRef)',
      ],
    },
  ])('fails on $defect', ({ file, after, from, to, problems }) => {
    breakFile(file, after, from, to);
    expect(manifestProblems(render(renderer, path.join(copy, 'overlays/demo')), rules)).toEqual(problems);
  });
});
