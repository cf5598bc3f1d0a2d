// Each call the screens make starts a trace of its own (W3C `traceparent`), which the gateway continues
// and answers back in `X-Trace-Id`: the reference an error notice shows, so that what a user reports
// leads an operator to the call's trace in Grafana.

/** The header the gateway answers each call's trace id in. */
export const TRACE_ID_HEADER = 'X-Trace-Id';

function randomHex(bytes: number): string {
  const values = crypto.getRandomValues(new Uint8Array(bytes));
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A new `traceparent` value (version 00, sampled): a random trace id and a random parent span id. */
export function newTraceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}
