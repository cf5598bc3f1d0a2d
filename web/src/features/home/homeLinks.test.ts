import { describe, expect, it } from 'vitest';
import { HOME_PARAMS, firstOfUtcMonth, homeLinks, parseBoolean, parseDay, parseTrue, utcDay } from './homeLinks';

describe('the days a home figure counts from', () => {
  it('are UTC days, as the server counts them', () => {
    expect(utcDay(new Date('2026-11-25T19:30:00Z'))).toBe('2026-11-25');
    // Just after midnight in Abidjan (UTC) but still the day before further west.
    expect(utcDay(new Date('2026-11-26T00:10:00-02:00'))).toBe('2026-11-26');
    expect(utcDay(new Date('2026-01-05T23:59:59Z'))).toBe('2026-01-05');
  });

  it('start the month on its first day', () => {
    expect(firstOfUtcMonth(new Date('2026-11-25T19:30:00Z'))).toBe('2026-11-01');
    expect(firstOfUtcMonth(new Date('2026-03-01T00:00:00Z'))).toBe('2026-03-01');
    expect(firstOfUtcMonth(new Date('2026-12-31T23:59:00-05:00'))).toBe('2027-01-01');
  });
});

describe('the lists a home figure opens', () => {
  it('carry the filter that counts the same', () => {
    expect(homeLinks.membersFrom('2026-11-25')).toBe('/members?createdFrom=2026-11-25');
    expect(homeLinks.cardsToPrint()).toBe('/cards?tab=cards&cardStatus=pending');
    expect(homeLinks.deliveriesUnderWay()).toBe('/delivery?sent=false');
    expect(homeLinks.paymentsWithoutCard()).toBe('/cards?tab=payments&spendable=true');
    expect(homeLinks.journal()).toBe('/synchronization/journal');
  });

  it('are read back by the lists from the same parameters', () => {
    const members = new URL(homeLinks.membersFrom('2026-11-01'), 'http://x').searchParams;
    expect(parseDay(members.get(HOME_PARAMS.createdFrom))).toBe('2026-11-01');
    const deliveries = new URL(homeLinks.deliveriesUnderWay(), 'http://x').searchParams;
    expect(parseBoolean(deliveries.get(HOME_PARAMS.sent))).toBe(false);
    const payments = new URL(homeLinks.paymentsWithoutCard(), 'http://x').searchParams;
    expect(parseTrue(payments.get(HOME_PARAMS.spendable))).toBe(true);
  });
});

describe('a filter the address gives', () => {
  it('keeps a real day only', () => {
    expect(parseDay('2026-02-28')).toBe('2026-02-28');
    expect(parseDay('2026-02-30')).toBe('');
    expect(parseDay('hier')).toBe('');
    expect(parseDay('25/11/2026')).toBe('');
    expect(parseDay('')).toBe('');
    expect(parseDay(null)).toBe('');
  });

  it('reads true and false, and nothing else', () => {
    expect(parseBoolean('true')).toBe(true);
    expect(parseBoolean('false')).toBe(false);
    expect(parseBoolean('oui')).toBeUndefined();
    expect(parseBoolean(null)).toBeUndefined();
    expect(parseTrue('true')).toBe(true);
    expect(parseTrue('false')).toBe(false);
    expect(parseTrue(null)).toBe(false);
  });
});
