import { describe, expect, it } from 'vitest';
import { choose, hiddenColumns, NO_CHOICE, parseChoice } from './columnFit';

const columns = [
  { id: 'number', width: 200, locked: true },
  { id: 'name', width: 300 },
  { id: 'status', width: 200 },
  { id: 'printed', width: 150 },
];
const order = ['printed', 'status', 'name'];

describe('the columns that fit', () => {
  it('shows every column when the table is wide enough', () => {
    expect([...hiddenColumns(columns, NO_CHOICE, order, 900)]).toEqual([]);
  });

  it('leaves out the least needed columns first, never a locked one', () => {
    expect([...hiddenColumns(columns, NO_CHOICE, order, 700)]).toEqual(['printed']);
    expect([...hiddenColumns(columns, NO_CHOICE, order, 600)]).toEqual(['printed', 'status']);
    expect([...hiddenColumns(columns, NO_CHOICE, order, 10)]).toEqual(['printed', 'status', 'name']);
  });

  it('keeps what the user ticked and hides what they unticked', () => {
    const ticked = choose(NO_CHOICE, 'printed', true);
    expect([...hiddenColumns(columns, ticked, order, 700)]).toEqual(['status']);
    const unticked = choose(ticked, 'name', false);
    expect(unticked).toEqual({ shown: ['printed'], hidden: ['name'] });
    expect([...hiddenColumns(columns, unticked, order, 2000)]).toEqual(['name']);
  });

  it('reads back a stored choice, or none', () => {
    expect(parseChoice('{"shown":["a"],"hidden":["b",3]}')).toEqual({ shown: ['a'], hidden: ['b'] });
    expect(parseChoice('oops')).toEqual(NO_CHOICE);
    expect(parseChoice(null)).toEqual(NO_CHOICE);
  });
});
