import path from 'node:path';
import ts from 'typescript';

/** kubernetes-models 4.5 (package.json) ships the OpenAPI schemas of this Kubernetes release. */
const KUBERNETES_SCHEMA_VERSION = '1.33';

export interface ManifestObject {
  apiVersion?: unknown;
  kind?: unknown;
  metadata?: { name?: string; namespace?: string };
  [field: string]: unknown;
}

interface ValidationError extends Error {
  errors?: { instancePath: string; message?: string }[];
}

type Model = new (data: unknown) => { validate(): void };

// kustomize writes a generated Secret's base64 values over several lines, which the API server's decoder reads
// (Go's base64 skips line breaks) but the schema's "byte" format does not.
function withoutBase64LineBreaks(object: ManifestObject): ManifestObject {
  if (object.kind !== 'Secret' || typeof object.data !== 'object' || object.data === null) return object;
  const data = Object.entries(object.data).map(([key, value]) => [
    key,
    typeof value === 'string' ? value.replace(/[\r\n]/g, '') : value,
  ]);
  return { ...object, data: Object.fromEntries(data) };
}

/** "Deployment gateway": how every problem names its object. */
export function objectName(object: ManifestObject): string {
  return `${String(object.kind)} ${object.metadata?.name ?? '(no name)'}`;
}

// kubernetes-models lays its models out as <group>/<version>/<Kind> (core: v1/<Kind>); anything else in
// apiVersion or kind is no Kubernetes kind, and never becomes part of a module path.
function modelModule(object: ManifestObject): string | undefined {
  const { apiVersion, kind } = object;
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  if (!/^([a-z0-9.-]+\/)?v[0-9a-z]+$/.test(apiVersion) || !/^[A-Z][A-Za-z0-9]*$/.test(kind)) return undefined;
  return `kubernetes-models/${apiVersion}/${kind}`;
}

// The kind decides the module: a require at run time (kubernetes-models ships CommonJS beside its ES modules).
function loadModel(module: string, kind: string): Model | undefined {
  try {
    return (require(module) as Record<string, Model>)[kind];
  } catch {
    return undefined;
  }
}

/** `/spec/template/spec/containers/0/image` → `spec.template.spec.containers[0].image` */
function fieldPath(pointer: string): string {
  return pointer
    .split('/')
    .slice(1)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (joined, segment) =>
        /^\d+$/.test(segment) ? `${joined}[${segment}]` : joined ? `${joined}.${segment}` : segment,
      '',
    );
}

const DECLARATIONS_ROOT = path.join(__dirname, '__kubernetes-models__.ts');

const parsedDeclarations = new Map<string, ts.SourceFile | undefined>();

// A program over one generated file that re-exports the model class of each module as m0, m1, ...
function declarations(modules: string[], oldProgram: ts.Program | undefined): ts.Program {
  const source = modules
    .map((module, i) => `export { ${module.split('/').pop()} as m${i} } from '${module}';`)
    .join('\n');
  const options: ts.CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2022,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, language, ...rest) => {
    if (name === DECLARATIONS_ROOT) return ts.createSourceFile(name, source, language);
    if (!parsedDeclarations.has(name))
      parsedDeclarations.set(name, getSourceFile.call(host, name, language, ...rest));
    return parsedDeclarations.get(name);
  };
  host.fileExists = (name) => name === DECLARATIONS_ROOT || fileExists.call(host, name);
  host.readFile = (name) => (name === DECLARATIONS_ROOT ? source : readFile.call(host, name));
  return ts.createProgram({ rootNames: [DECLARATIONS_ROOT], options, host, oldProgram });
}

/**
 * Checks objects against the Kubernetes schemas of kubernetes-models: `.validate()` of each kind's model (types,
 * required fields, enums, formats such as quantities), and, because those schemas let unknown fields through
 * while `kubectl apply` rejects them, every field name against the model's TypeScript declaration, read with
 * the TypeScript compiler: a typo such as `contianers` fails as it would on a cluster.
 */
export class KubernetesSchema {
  // One TypeScript program reads the declarations of every kind met so far; a kind not yet met extends it, reusing
  // the files already parsed (the first one costs a second or two, the next ones little).
  private static program: ts.Program | undefined;
  private static readonly modules: string[] = [];

  constructor(objects: ManifestObject[]) {
    const modules = objects
      .map((object) => this.loadableModule(object))
      .filter((module) => module !== undefined);
    const missing = [...new Set(modules)].filter((module) => !KubernetesSchema.modules.includes(module));
    if (missing.length > 0 || !KubernetesSchema.program) {
      KubernetesSchema.modules.push(...missing);
      KubernetesSchema.program = declarations(KubernetesSchema.modules, KubernetesSchema.program);
    }
  }

  /** Problems of one object, each naming the object and the field; none when it is a valid Kubernetes object. */
  problems(object: ManifestObject): string[] {
    const name = objectName(object);
    const module = this.loadableModule(object);
    const model = module && loadModel(module, String(object.kind));
    const type = module && this.modelType(module);
    if (!module || !model || !type) {
      return [
        `${name}: ${String(object.apiVersion)} ${String(object.kind)} is no kind of Kubernetes ${KUBERNETES_SCHEMA_VERSION}`,
      ];
    }
    const problems: string[] = [];
    try {
      new model(withoutBase64LineBreaks(object)).validate();
    } catch (error) {
      const { errors, message } = error as ValidationError;
      for (const { instancePath, message: text } of errors ?? [{ instancePath: '', message }]) {
        problems.push(`${name}: ${fieldPath(instancePath) || '(object)'} ${text}`);
      }
    }
    this.unknownFields(object, type, '', (field) =>
      problems.push(
        `${name}: ${field} is no field of ${String(object.kind)} in Kubernetes ${KUBERNETES_SCHEMA_VERSION}`,
      ),
    );
    return [...new Set(problems)];
  }

  private get checker(): ts.TypeChecker {
    return KubernetesSchema.program!.getTypeChecker();
  }

  private modelType(module: string): ts.Type | undefined {
    const program = KubernetesSchema.program!;
    const root = program.getSourceFile(DECLARATIONS_ROOT);
    const rootSymbol = root && this.checker.getSymbolAtLocation(root);
    const alias =
      rootSymbol &&
      this.checker.tryGetMemberInModuleExports(`m${KubernetesSchema.modules.indexOf(module)}`, rootSymbol);
    return alias && this.checker.getDeclaredTypeOfSymbol(this.checker.getAliasedSymbol(alias));
  }

  private loadableModule(object: ManifestObject): string | undefined {
    const module = modelModule(object);
    return module && loadModel(module, String(object.kind)) ? module : undefined;
  }

  // Walks the value along its declared type; primitives are left to validate(), which knows their formats.
  private unknownFields(
    value: unknown,
    declared: ts.Type,
    at: string,
    report: (field: string) => void,
  ): void {
    const type = this.checker.getNonNullableType(declared);
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown) || value === null || typeof value !== 'object')
      return;
    if (Array.isArray(value)) {
      if (!this.checker.isArrayType(type)) return;
      const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
      value.forEach((item, i) => this.unknownFields(item, element, `${at}[${i}]`, report));
      return;
    }
    const anyKey = this.checker.getIndexInfoOfType(type, ts.IndexKind.String);
    for (const [key, child] of Object.entries(value)) {
      const field = at ? `${at}.${key}` : key;
      const property = type.getProperty(key);
      if (property && !(property.flags & ts.SymbolFlags.Method)) {
        this.unknownFields(child, this.checker.getTypeOfSymbol(property), field, report);
      } else if (anyKey) {
        this.unknownFields(child, anyKey.type, field, report);
      } else {
        report(field);
      }
    }
  }
}
