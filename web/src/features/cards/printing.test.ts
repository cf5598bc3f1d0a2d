import { describe, expect, it, vi } from 'vitest';
import {
  cardFileName,
  collectIds,
  confirmQuestion,
  isPrintable,
  isWholePdf,
  printFileName,
  progressGate,
  receivedText,
  type IdPage,
} from './printing';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the printed file', () => {
  it('is named after the day it is printed, in the browser time zone', () => {
    expect(printFileName(new Date(2026, 10, 22, 23, 59))).toBe('cartes-2026-11-22.pdf');
    expect(printFileName(new Date(2027, 0, 3, 0, 0))).toBe('cartes-2027-01-03.pdf');
    expect(printFileName()).toMatch(/^cartes-\d{4}-\d{2}-\d{2}\.pdf$/u);
  });

  it("one card's copy is named after its number, without what a file name cannot hold", () => {
    expect(cardFileName('SES0000123')).toBe('carte-SES0000123.pdf');
    expect(cardFileName('SES/00 01')).toBe('carte-SES0001.pdf');
    expect(cardFileName('')).toMatch(/^cartes-\d{4}-\d{2}-\d{2}\.pdf$/u);
    expect(cardFileName(null)).toMatch(/^cartes-/u);
  });
});

describe('the bytes received, in French', () => {
  it('reads as what was received so far', () => {
    expect(receivedText(1.2 * 1024 * 1024)).toBe('1,2 Mo reçus');
    expect(receivedText(0)).toBe('0 octet reçu');
    expect(receivedText(1)).toBe('1 octet reçu');
    expect(receivedText(640)).toBe('640 octets reçus');
  });
});

describe('the progress gate', () => {
  it('lets a progress through at most once every 200 ms, the first one at once', () => {
    let time = 1000;
    const gate = progressGate(200, () => time);
    expect(gate.due()).toBe(true);
    time += 50;
    expect(gate.due()).toBe(false);
    time += 149;
    expect(gate.due()).toBe(false);
    time += 1;
    expect(gate.due()).toBe(true);
    time += 10;
    expect(gate.due()).toBe(false);
  });

  it('keeps a run of 1,500 cards to a few redraws a second', () => {
    let time = 0;
    const gate = progressGate(200, () => time);
    let redraws = 0;
    // 6,000 chunks over 30 s: one every 5 ms.
    for (let chunk = 0; chunk < 6000; chunk++) {
      time += 5;
      if (gate.due()) redraws += 1;
    }
    expect(redraws).toBe(150);
  });
});

describe('a whole PDF', () => {
  it('starts with %PDF and ends with %%EOF, whatever the chunks', () => {
    expect(isWholePdf([bytes('%PDF-1.7\n1 0 obj\n'), bytes('endobj\n%%EOF\n')])).toBe(true);
    expect(isWholePdf([bytes('%P'), bytes('DF-1.7 … %%E'), bytes('OF')])).toBe(true);
    expect(isWholePdf([new Uint8Array(0), bytes('%PDF-1.7\n%%EOF')])).toBe(true);
  });

  it('is not one cut short, nor something else', () => {
    expect(isWholePdf([bytes('%PDF-1.7\n1 0 obj\n'), bytes('endobj\n')])).toBe(false);
    expect(isWholePdf([bytes('{"status":"error"} %%EOF')])).toBe(false);
    expect(isWholePdf([])).toBe(false);
  });
});

describe('the cards gathered from the list', () => {
  /** A list of `count` ids (1..count) read by pages of `size` after the last id. */
  function list(count: number, { exact = true } = {}) {
    const asked: (number | null)[] = [];
    const page = vi.fn((after: number | null, size: number): Promise<IdPage> => {
      asked.push(after);
      const start = after ?? 0;
      const ids = Array.from({ length: Math.max(0, Math.min(size, count - start)) }, (_, i) => start + i + 1);
      return Promise.resolve({ ids, total: exact ? count : Math.round(count / 1000) * 1000, totalExact: exact });
    });
    return { asked, page };
  }

  it('reads page after page, after the last id, until a short page', async () => {
    const { asked, page } = list(4500);
    const found: number[] = [];
    const collected = await collectIds((after) => page(after, 2000), {
      cap: 5000,
      pageSize: 2000,
      onFound: (n) => found.push(n),
    });
    expect(collected).toEqual({ ids: Array.from({ length: 4500 }, (_, i) => i + 1) });
    expect(asked).toEqual([null, 2000, 4000]);
    expect(found).toEqual([2000, 4000, 4500]);
  });

  it('stops at once when the exact total is beyond the cap', async () => {
    const { asked, page } = list(5001);
    expect(await collectIds((after) => page(after, 2000), { cap: 5000, pageSize: 2000 })).toEqual({ tooMany: true });
    expect(asked).toEqual([null]);
  });

  it('stops past the cap when the total is an estimate', async () => {
    const { asked, page } = list(7000, { exact: false });
    expect(await collectIds((after) => page(after, 2000), { cap: 5000, pageSize: 2000 })).toEqual({ tooMany: true });
    expect(asked).toEqual([null, 2000, 4000]);
  });

  it('takes exactly the cap, and nothing when nothing matches', async () => {
    const exact = list(5000);
    expect(await collectIds((after) => exact.page(after, 2500), { cap: 5000, pageSize: 2500 })).toMatchObject({
      ids: expect.any(Array) as number[],
    });
    const none = list(0);
    expect(await collectIds((after) => none.page(after, 2000))).toEqual({ ids: [] });
  });
});

describe('the questions of a print', () => {
  it('asks whether the cards are well printed, in the singular for one', () => {
    expect(confirmQuestion(2)).toBe('Les 2 cartes sont-elles bien imprimées ?');
    expect(confirmQuestion(1500)).toBe('Les 1\u202f500 cartes sont-elles bien imprimées ?');
    expect(confirmQuestion(1)).toBe('La carte est-elle bien imprimée ?');
  });

  it('prints any card but a cancelled or revoked one', () => {
    for (const status of ['pending', 'printed', 'in_delivery', 'delivered', 'error']) {
      expect(isPrintable(status)).toBe(true);
    }
    expect(isPrintable('cancelled')).toBe(false);
    expect(isPrintable('revoked')).toBe(false);
    expect(isPrintable(undefined)).toBe(false);
  });
});
