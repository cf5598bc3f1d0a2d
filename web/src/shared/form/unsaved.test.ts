import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { typedDate } from './dateText';
import { anyFormDirty, registerForm, sameValues } from './unsaved';

describe('sameValues', () => {
  it('sees a form as it opened as unchanged', () => {
    const opened = { name: 'Koné', role: undefined, birth: dayjs('1990-03-07'), tags: [] };
    expect(sameValues({ name: 'Koné', birth: dayjs('1990-03-07') }, opened)).toBe(true);
  });

  it('takes an emptied field for one never set', () => {
    expect(sameValues({ name: '', city: null, ids: [] }, {})).toBe(true);
  });

  it('sees a typed text, a changed day or a choice', () => {
    expect(sameValues({ name: 'K' }, { name: '' })).toBe(false);
    expect(sameValues({ birth: dayjs('1990-03-08') }, { birth: dayjs('1990-03-07') })).toBe(false);
    expect(sameValues({ role: 'agent' }, { role: 'admin' })).toBe(false);
    expect(sameValues({ active: false }, {})).toBe(false);
    expect(sameValues({ nested: { a: 1 } }, { nested: { a: 2 } })).toBe(false);
  });

  it('sees a text typed in a date field that is not a date', () => {
    expect(sameValues({ birth: typedDate('31/02', 'x') }, { birth: null })).toBe(false);
    expect(sameValues({ birth: typedDate('31/02', 'x') }, { birth: typedDate('31/02', 'x') })).toBe(true);
  });
});

describe('open forms', () => {
  it('asks when any open form was changed, and forgets a closed one', () => {
    let changed = false;
    const remove = registerForm(() => changed);
    const other = registerForm(() => false);
    expect(anyFormDirty()).toBe(false);
    changed = true;
    expect(anyFormDirty()).toBe(true);
    remove();
    expect(anyFormDirty()).toBe(false);
    other();
  });
});
