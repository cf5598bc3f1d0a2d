import { describe, expect, it } from 'vitest';
import { callDetail, describeType, filterCalls, listCalls, schemaFields, type OpenApiDocument } from './openapi';

const DOCUMENT: OpenApiDocument = {
  servers: [{ url: '/api' }],
  paths: {
    '/user/user_list': { get: { summary: 'Users', tags: ['user'] } },
    '/auth/login': { post: { summary: 'Sign in', tags: ['auth'] }, parameters: [] as unknown },
    '/member/get_member/{member_id}': {
      get: {
        summary: 'One member',
        tags: ['member'],
        parameters: [
          { name: 'member_id', in: 'path', required: true, schema: { type: 'integer', format: 'int64' } },
          { name: 'photo', in: 'query', description: 'With the photo.', schema: { type: 'boolean' } },
        ],
        responses: {
          '404': { content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } } },
          '200': {
            description: 'The member.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Member' } } },
          },
        },
      },
    },
    '/member/post_member': {
      post: {
        summary: 'Creates or updates a member',
        tags: ['member'],
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Member' } } } },
        responses: { '200': { content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Member: {
        type: 'object',
        description: 'A member.',
        required: ['member_lastname'],
        properties: {
          member_lastname: { type: 'string', description: 'Family name.' },
          member_id: { type: ['integer', 'null'], format: 'int64' },
          children: { type: 'array', items: { $ref: '#/components/schemas/Member' } },
          card: { oneOf: [{ $ref: '#/components/schemas/Card' }, { type: 'null' }] },
        },
      },
      ErrorBody: { type: 'object', description: 'The body of every error answer.', properties: {} },
      Answer: {
        allOf: [
          { $ref: '#/components/schemas/ErrorBody' },
          { type: 'object', required: ['status'], properties: { status: { type: 'string' } } },
        ],
      },
    },
  },
};

describe('listCalls', () => {
  it('lists each operation with the server prefix, sorted by domain then path', () => {
    const calls = listCalls(DOCUMENT);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/auth/login',
      'GET /api/member/get_member/{member_id}',
      'POST /api/member/post_member',
      'GET /api/user/user_list',
    ]);
    expect(calls[0].summary).toBe('Sign in');
    expect(calls[1].documentPath).toBe('/member/get_member/{member_id}');
  });
});

describe('filterCalls', () => {
  const calls = listCalls(DOCUMENT);
  it('keeps the calls whose path or summary hold every word, whatever the case and accents', () => {
    expect(filterCalls(calls, 'MEMBER').map((c) => c.path)).toEqual([
      '/api/member/get_member/{member_id}',
      '/api/member/post_member',
    ]);
    expect(filterCalls(calls, 'sïgn').map((c) => c.path)).toEqual(['/api/auth/login']);
    expect(filterCalls(calls, 'member updates').map((c) => c.path)).toEqual(['/api/member/post_member']);
    expect(filterCalls(calls, 'nothing like it')).toEqual([]);
  });
  it('keeps every call for an empty search', () => {
    expect(filterCalls(calls, '  ')).toHaveLength(4);
  });
});

describe('describeType', () => {
  it('says a type in French words', () => {
    expect(describeType({ type: 'integer', format: 'int64' })).toBe('entier (int64)');
    expect(describeType({ type: ['string', 'null'] })).toBe('texte ou null');
    expect(describeType({ type: 'array', items: { $ref: '#/components/schemas/Card' } })).toBe('liste de Card');
    expect(describeType({ oneOf: [{ $ref: '#/components/schemas/Card' }, { type: 'null' }] })).toBe('Card ou null');
    expect(describeType({ type: 'string', format: 'binary' })).toBe('texte (fichier)');
    expect(describeType({ type: 'string', enum: ['to_server', 'from_server'] })).toBe(
      'texte : "to_server", "from_server"',
    );
  });
});

describe('schemaFields', () => {
  it("reads an object's fields through a $ref, and an allOf's parts", () => {
    expect(schemaFields(DOCUMENT, { $ref: '#/components/schemas/Member' })).toEqual([
      { name: 'member_lastname', type: 'texte', required: true, description: 'Family name.' },
      { name: 'member_id', type: 'entier ou null (int64)', required: false, description: '' },
      { name: 'children', type: 'liste de Member', required: false, description: '' },
      { name: 'card', type: 'Card ou null', required: false, description: '' },
    ]);
    expect(schemaFields(DOCUMENT, { $ref: '#/components/schemas/Answer' })).toEqual([
      { name: 'status', type: 'texte', required: true, description: '' },
    ]);
  });
  it("reads an array's items", () => {
    const fields = schemaFields(DOCUMENT, { type: 'array', items: { $ref: '#/components/schemas/Member' } });
    expect(fields.map((f) => f.name)).toEqual(['member_lastname', 'member_id', 'children', 'card']);
  });
});

describe('callDetail', () => {
  const [, getMember, postMember] = listCalls(DOCUMENT);
  it("gives a call's parameters and its answers by code, with their schemas", () => {
    const detail = callDetail(DOCUMENT, getMember);
    expect(detail.parameters).toEqual([
      { name: 'member_id', where: 'path', type: 'entier (int64)', required: true, description: '' },
      { name: 'photo', where: 'query', type: 'booléen', required: false, description: 'With the photo.' },
    ]);
    expect(detail.body).toBeNull();
    expect(detail.responses.map((r) => [r.code, r.description, r.body?.schemaName, r.body?.description])).toEqual([
      ['200', 'The member.', 'Member', 'A member.'],
      ['404', '', 'ErrorBody', 'The body of every error answer.'],
    ]);
    expect(detail.responses[0].body?.mediaTypes).toEqual(['application/json']);
    expect(detail.responses[0].body?.fields[0].name).toBe('member_lastname');
  });
  it("gives the request body's fields", () => {
    const detail = callDetail(DOCUMENT, postMember);
    expect(detail.parameters).toEqual([]);
    expect(detail.body?.schemaName).toBe('Member');
    expect(detail.body?.description).toBe('A member.');
    expect(detail.body?.fields.find((f) => f.name === 'member_lastname')?.required).toBe(true);
  });
});
