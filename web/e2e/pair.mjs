// A central server and a field laptop paired with it, each its own suite: the laptop's account on the
// central is a sync login, whose token the laptop is given; an agent signs in on the laptop.
import assert from 'node:assert/strict';
import { apiCall, apiSignIn } from './api.mjs';
import { startSuite } from './suite.mjs';

/** Starts the pair; `syncLogin` names the laptop's account on the central, `agent` the laptop's agent. */
export async function startPair({ syncLogin, agent }) {
  const central = await startSuite();
  const centralToken = await apiSignIn(central);
  const made = await apiCall(central, centralToken, 'POST', '/api/user/post_user', {
    login_name: syncLogin,
    login_role: 'sync',
  });
  assert.match(made.login_syncToken ?? '', /\S/, 'a sync login is answered its token');
  let field;
  try {
    field = await startSuite({
      env: { RUNNING_ENV: 'field', SYNC_CENTRAL_URL: central.baseUrl, SYNC_TOKEN: made.login_syncToken },
    });
  } catch (error) {
    await central.stop();
    throw error;
  }
  const fieldToken = await apiSignIn(field);
  await apiCall(field, fieldToken, 'POST', '/api/user/post_user', {
    login_name: agent.login,
    login_password: agent.password,
    login_role: 'agent',
  });
  return {
    central,
    centralToken,
    field,
    fieldToken,
    syncLoginId: made.id,
    stop: async () => {
      await field.stop();
      await central.stop();
    },
  };
}
