import { describe, expect, it } from 'vitest';
import { errorText, isRunning, jobTitle, percentDone, rowsText, sizeText, statusText } from './job';

// French groups thousands with a narrow no-break space.
const spaces = (text: string) => text.replace(/\s/gu, ' ');

describe('an export job, as the tray says it', () => {
  it('runs while waiting or running', () => {
    expect(isRunning({ export_status: 'waiting' })).toBe(true);
    expect(isRunning({ export_status: 'running' })).toBe(true);
    expect(isRunning({ export_status: 'done' })).toBe(false);
    expect(isRunning({ export_status: 'failed' })).toBe(false);
  });

  it('counts its progress in whole percent of the rows, 100 only once the file is written', () => {
    expect(percentDone({ export_status: 'waiting', export_rowsDone: 0, export_rowsTotal: 0 })).toBe(0);
    expect(percentDone({ export_status: 'running', export_rowsDone: 1200, export_rowsTotal: 5000 })).toBe(24);
    expect(percentDone({ export_status: 'running', export_rowsDone: 5000, export_rowsTotal: 5000 })).toBe(99);
    expect(percentDone({ export_status: 'done', export_rowsDone: 0, export_rowsTotal: 0 })).toBe(100);
    expect(percentDone({ export_status: 'running', export_rowsDone: 7, export_rowsTotal: 3 })).toBe(99);
  });

  it('says its rows, its status and its list in French', () => {
    expect(spaces(rowsText({ export_status: 'running', export_rowsDone: 1200, export_rowsTotal: 5000 }))).toBe(
      '1 200 / 5 000 lignes',
    );
    expect(rowsText({ export_status: 'running', export_rowsDone: 0, export_rowsTotal: 1 })).toBe('0 / 1 ligne');
    expect(spaces(rowsText({ export_status: 'done', export_rowsDone: 5000, export_rowsTotal: 5000 }))).toBe(
      '5 000 lignes',
    );
    expect(rowsText({ export_status: 'done', export_rowsDone: 1, export_rowsTotal: 1 })).toBe('1 ligne');
    expect(rowsText({ export_status: 'waiting', export_rowsDone: 0, export_rowsTotal: 0 })).toBe(
      'Comptage des lignes…',
    );
    expect(statusText('waiting')).toBe('En attente');
    expect(statusText('running')).toBe('En cours');
    expect(statusText('done')).toBe('Terminé');
    expect(statusText('failed')).toBe('Échoué');
    expect(jobTitle('member', 'csv')).toBe('Adhérents (CSV)');
    expect(jobTitle('transaction', 'xlsx')).toBe('Paiements (Excel)');
    expect(jobTitle('delivery', '')).toBe('Livraisons');
  });

  it('gives the size once the file is written, and the reason of a failure', () => {
    expect(sizeText({ export_status: 'done', export_size: 1.2 * 1024 * 1024 })).toBe('1,2 Mo');
    expect(sizeText({ export_status: 'running', export_size: 0 })).toBe('');
    expect(errorText({ export_error: 'La base de données ne répond pas.' })).toBe('La base de données ne répond pas.');
    expect(errorText({ export_error: '  ' })).toBe('L’export a échoué.');
  });
});
