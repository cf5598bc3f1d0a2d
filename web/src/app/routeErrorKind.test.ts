import { describe, expect, it } from 'vitest';
import { ChunkLoadError } from './chunkReload';
import { routeErrorKind } from './routeErrorKind';

const response = (status: number) => ({ status, statusText: 'Not Found', internal: false, data: null });

describe('routeErrorKind', () => {
  it('tells a refused role, a missing page and a screen whose code could not load apart', () => {
    expect(routeErrorKind(response(403))).toBe('forbidden');
    expect(routeErrorKind(response(404))).toBe('notFound');
    expect(routeErrorKind(new ChunkLoadError(new Error('Failed to fetch dynamically imported module')))).toBe(
      'newVersion',
    );
  });

  it('puts any other failure, the browser’s English errors included, under the unexpected error', () => {
    expect(routeErrorKind(new TypeError("Cannot read properties of null (reading 'x')"))).toBe('unexpected');
    expect(routeErrorKind(response(500))).toBe('unexpected');
    expect(routeErrorKind('boom')).toBe('unexpected');
  });
});
