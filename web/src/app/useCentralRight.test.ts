// On a field laptop what the central server owns is read only, whatever the role, with the area's reason.
import { describe, expect, it } from 'vitest';
import { centralRightOf } from './useCentralRight';
import { rightOf } from './useRight';

describe('central rights', () => {
  it('refuses the central server’s areas on a field laptop, saying why', () => {
    const admin = rightOf('admin', 'cards', 'write');
    expect(centralRightOf('field', 'cards', admin)).toEqual({
      allowed: false,
      reason:
        'Sur un poste de terrain, les paiements et les cartes viennent du serveur central : enregistrez-les sur le serveur central, puis lancez une réception (Synchronisation).',
    });
    expect(centralRightOf('field', 'cardCancellation', rightOf('admin', 'cardCancellation', 'delete')).reason).toMatch(
      /^Sur un poste de terrain, les paiements et les cartes viennent du serveur central/,
    );
    expect(centralRightOf('field', 'geography', rightOf('agent', 'geography', 'write')).reason).toMatch(
      /^Sur un poste de terrain, la géographie vient du serveur central/,
    );
  });

  it('leaves the role’s right elsewhere', () => {
    const agent = rightOf('agent', 'cardCancellation', 'delete');
    expect(centralRightOf('central', 'cardCancellation', agent)).toBe(agent);
    expect(centralRightOf('central', 'cards', rightOf('agent', 'cards', 'write'))).toEqual({
      allowed: true,
      reason: '',
    });
    expect(centralRightOf(undefined, 'geography', rightOf('viewer', 'geography', 'write')).allowed).toBe(false);
  });
});
