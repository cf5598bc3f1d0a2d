import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/request';
import { fieldErrorsOf } from './fieldErrors';

describe('field messages of a refused write', () => {
  it('one entry per field of a 400', () => {
    const error = new ApiError('Le nom est obligatoire.', 400, { member_lastname: 'Le nom est obligatoire.' });
    expect(fieldErrorsOf(error)).toEqual([{ name: 'member_lastname', errors: ['Le nom est obligatoire.'] }]);
  });

  it('nothing for another failure', () => {
    expect(fieldErrorsOf(new ApiError('Refusé', 409))).toEqual([]);
    expect(fieldErrorsOf(new Error('x'))).toEqual([]);
  });
});
