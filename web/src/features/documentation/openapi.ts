// The calls an OpenAPI document describes, as rows for a table.
export interface OpenApiDocument {
  info?: { title?: string; version?: string };
  servers?: { url: string }[];
  // A path item holds operations and other members (parameters, servers): each is checked when read.
  paths?: Record<string, Record<string, unknown>>;
}

export interface ApiCall {
  key: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function listCalls(document: OpenApiDocument): ApiCall[] {
  const base = (document.servers?.[0]?.url ?? '').replace(/\/$/, '');
  const calls: ApiCall[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.includes(method) || typeof operation !== 'object' || operation === null) continue;
      const op = operation as { summary?: string; tags?: string[] };
      calls.push({
        key: `${method} ${path}`,
        method: method.toUpperCase(),
        path: base + path,
        summary: op.summary ?? '',
        tag: op.tags?.[0] ?? '',
      });
    }
  }
  return calls.sort((a, b) => a.tag.localeCompare(b.tag) || a.path.localeCompare(b.path));
}
