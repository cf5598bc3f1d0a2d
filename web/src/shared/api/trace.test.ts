import { describe, expect, it } from 'vitest';
import { newTraceparent } from './trace';

describe('traceparent', () => {
  it('is a sampled W3C trace context with a new trace id each time', () => {
    const first = newTraceparent();
    expect(first).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    expect(first.split('-')[1]).not.toBe('0'.repeat(32));
    expect(newTraceparent().split('-')[1]).not.toBe(first.split('-')[1]);
  });
});
