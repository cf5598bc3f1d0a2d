// The REST calls a browser test makes itself to prepare what the screen under test is not about (a
// member, a payment): signed in as the suite's administrator, each call expected to succeed.
import assert from 'node:assert/strict';

/** The administrator's token. */
export async function apiSignIn(suite) {
  const response = await fetch(`${suite.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: suite.admin.login, password: suite.admin.password }),
  });
  const body = await response.json();
  assert.equal(body.status, 'ok');
  return body.token;
}

/** One call with the token; its answer, which must be a 200. */
export async function apiCall(suite, token, method, path, body) {
  const response = await fetch(`${suite.baseUrl}${path}`, {
    method,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await response.json();
  assert.equal(response.status, 200, JSON.stringify(answer));
  return answer;
}
