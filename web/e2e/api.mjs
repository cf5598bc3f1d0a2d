// The REST calls a browser test makes itself to prepare what the screen under test is not about (a
// member, a payment): signed in as the suite's administrator, each call expected to succeed.
import assert from 'node:assert/strict';

/** The administrator's token. */
export async function apiSignIn(suite) {
  const response = await fetch(`${suite.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: suite.admin.login, password: suite.admin.password }),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const body = await response.json();
  assert.equal(body.status, 'ok');
  return body.token;
}

/** How long one call may take before the test says which call hung (rather than waiting out its own
 *  timeout in silence), with the suite's last log lines. */
const CALL_TIMEOUT_MS = 60_000;

/** One call with the token; its answer, which must be a 200. */
export async function apiCall(suite, token, method, path, body) {
  let response;
  try {
    response = await fetch(`${suite.baseUrl}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`${method} ${path} failed: ${error.message}\n${suite.logTail?.() ?? ''}`, { cause: error });
  }
  const answer = await response.json();
  assert.equal(response.status, 200, JSON.stringify(answer));
  return answer;
}

/** A mobile-money payment of member `memberId` (5,000 FCFA by Wave unless told otherwise). */
export async function apiPay(
  suite,
  token,
  memberId,
  number,
  { amount = 5000, operator = 'Wave', date = '2026-06-15' } = {},
) {
  return apiCall(suite, token, 'POST', '/api/transaction/post_transaction', {
    transaction_date: date,
    transaction_amount: amount,
    transaction_mobileOperator: operator,
    transaction_number: number,
    transaction_memberId: memberId,
  });
}

/** A new member who paid for a card (payment number `number`); answers the member's id. */
export async function apiPaidMember(suite, token, firstname, lastname, number) {
  const member = await apiCall(suite, token, 'POST', '/api/member/post_member', {
    member_firstname: firstname,
    member_lastname: lastname,
  });
  await apiPay(suite, token, member.id, number);
  return member.id;
}

/** Calls `attempt` until it answers something (what the suite's services do after a call, through their
 *  events, takes a moment), for 20 s at most. */
export async function waitFor(attempt) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const found = await attempt();
    if (found) return found;
    if (Date.now() > deadline) throw new Error('Still nothing after 20 s');
    await new Promise((done) => setTimeout(done, 250));
  }
}
