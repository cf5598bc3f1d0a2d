import { describe, expect, it } from 'vitest';
import { listCalls } from './openapi';

describe('listCalls', () => {
  it('lists each operation with the server prefix, sorted by domain then path', () => {
    const calls = listCalls({
      servers: [{ url: '/api' }],
      paths: {
        '/user/user_list': { get: { summary: 'Users', tags: ['user'] } },
        '/auth/login': { post: { summary: 'Sign in', tags: ['auth'] }, parameters: [] as unknown },
      },
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/auth/login', 'GET /api/user/user_list']);
    expect(calls[0].summary).toBe('Sign in');
  });
});
