// The calls an OpenAPI document describes, as rows for a table, and each call's detail (parameters,
// request body, answers) read from the document, for the API reference.
export interface OpenApiDocument {
  info?: { title?: string; version?: string; description?: string };
  servers?: { url: string }[];
  // A path item holds operations and other members (parameters, servers): each is checked when read.
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, Schema> };
}

/** The part of a JSON Schema (OpenAPI 3.1) the reference shows. */
export interface Schema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  additionalProperties?: boolean | Schema;
}

export interface ApiCall {
  key: string;
  method: string;
  /** The path as called, with the server's prefix (/api/...). */
  path: string;
  /** The path as the document names it, without the prefix. */
  documentPath: string;
  summary: string;
  tag: string;
}

/** A parameter, a field of a body: its name, its type in words, whether it must be given, and what it is. */
export interface Field {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** For a parameter: where it goes (path, query, header). */
  where?: string;
}

/** A body (sent or answered): its media types, the schema's name if it has one, and its fields. */
export interface Body {
  mediaTypes: string[];
  schemaName: string;
  type: string;
  description: string;
  fields: Field[];
}

export interface CallResponse {
  code: string;
  /** The answer's own description (the schema's is its body's). */
  description: string;
  body: Body | null;
}

export interface CallDetail {
  description: string;
  parameters: Field[];
  body: Body | null;
  responses: CallResponse[];
}

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { description?: string; required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function listCalls(document: OpenApiDocument): ApiCall[] {
  const base = (document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const calls: ApiCall[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method) || typeof operation !== 'object' || operation === null) continue;
      const op = operation as Operation;
      calls.push({
        key: `${method} ${path}`,
        method: method.toUpperCase(),
        path: base + path,
        documentPath: path,
        summary: op.summary ?? '',
        tag: op.tags?.[0] ?? '',
      });
    }
  }
  return calls.sort((a, b) => a.tag.localeCompare(b.tag) || a.path.localeCompare(b.path));
}

/** Lower case, without accents: "Clé" and "cle" match. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The calls whose path, summary or domain holds every word of `search` (accents and case aside). */
export function filterCalls(calls: readonly ApiCall[], search: string): ApiCall[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...calls];
  return calls.filter((call) => {
    const text = folded(`${call.method} ${call.path} ${call.summary} ${call.tag}`);
    return words.every((word) => text.includes(word));
  });
}

/** "#/components/schemas/Member" → "Member". */
export function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

/** The schema a `$ref` points to (one level of the document's components), or the schema itself. */
export function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema {
  if (!schema) return {};
  if (schema.$ref) return document.components?.schemas?.[refName(schema.$ref)] ?? {};
  return schema;
}

/** A schema's type in words, in French: "entier (int64)", "texte ou null", "liste de Member". */
export function describeType(schema: Schema | undefined): string {
  if (!schema) return '';
  if (schema.$ref) return refName(schema.$ref);
  const variants = schema.oneOf ?? schema.anyOf;
  if (variants) return variants.map(describeType).join(' ou ');
  if (schema.allOf) return schema.allOf.map(describeType).join(' et ');
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const words = types.map((type) => {
    if (type === 'array') return `liste de ${describeType(schema.items) || 'valeurs'}`;
    return TYPE_WORDS[type] ?? type;
  });
  const text = words.join(' ou ') || 'valeur';
  const format = schema.format && schema.format !== 'binary' ? ` (${schema.format})` : '';
  const binary = schema.format === 'binary' ? ' (fichier)' : '';
  const values = schema.enum ? ` : ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}` : '';
  return text + format + binary + values;
}

const TYPE_WORDS: Record<string, string> = {
  string: 'texte',
  integer: 'entier',
  number: 'nombre',
  boolean: 'booléen',
  object: 'objet',
  null: 'null',
};

/** The fields of an object schema, an array's items or an `allOf`'s parts, one level deep. */
export function schemaFields(document: OpenApiDocument, schema: Schema | undefined): Field[] {
  const resolved = resolve(document, schema);
  if (resolved.allOf) return resolved.allOf.flatMap((part) => schemaFields(document, part));
  if (resolved.items && !resolved.properties) return schemaFields(document, resolved.items);
  const required = new Set(resolved.required ?? []);
  return Object.entries(resolved.properties ?? {}).map(([name, property]) => ({
    name,
    type: describeType(property),
    required: required.has(name),
    description: property.description ?? resolve(document, property).description ?? '',
  }));
}

function body(document: OpenApiDocument, content: Record<string, { schema?: Schema }> | undefined): Body | null {
  if (!content) return null;
  const mediaTypes = Object.keys(content);
  const schema = content[mediaTypes[0]]?.schema;
  return {
    mediaTypes,
    schemaName: schema?.$ref ? refName(schema.$ref) : '',
    type: describeType(schema),
    description: resolve(document, schema).description ?? '',
    fields: schemaFields(document, schema),
  };
}

/** The detail of one call of `listCalls`: its parameters, its request body and its answers by code. */
export function callDetail(document: OpenApiDocument, call: ApiCall): CallDetail {
  const item = document.paths?.[call.documentPath] ?? {};
  const op = (item[call.method.toLowerCase()] ?? {}) as Operation;
  const shared = Array.isArray(item.parameters) ? (item.parameters as Parameter[]) : [];
  const parameters = [...shared, ...(op.parameters ?? [])].map((parameter) => ({
    name: parameter.name,
    type: describeType(parameter.schema),
    required: parameter.required ?? false,
    description: parameter.description ?? '',
    where: parameter.in,
  }));
  const request = body(document, op.requestBody?.content);
  return {
    description: op.description ?? '',
    parameters,
    body: request && { ...request, description: op.requestBody?.description ?? request.description },
    responses: Object.entries(op.responses ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, response]) => ({
        code,
        description: response.description ?? '',
        body: body(document, response.content),
      })),
  };
}
