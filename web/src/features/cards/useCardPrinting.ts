// One run of card printing, as a screen drives it: the cards to print (given, or gathered from the list's
// filters), their PDF downloaded with its progress (redrawn at most every 200 ms) and saved as a file, then
// the question whether they came out well, whose "yes" marks exactly the cards printed (those still
// waiting) as printed. "Annuler" stops the run where it is; leaving the screen stops it too. On a field
// laptop the cards are the central server's: the PDF is saved, but nothing is offered to be marked printed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useCentralRight } from '../../app/useCentralRight';
import { saveFile } from '../../shared/api/download';
import { ApiError } from '../../shared/api/request';
import { notifyError, notifySuccess, notifyWarning } from '../../shared/feedback/feedback';
import { formatCount } from '../../shared/format/count';
import { fr } from '../../shared/locale/fr';
import { useMarkPrinted, type CardListParams } from './cardApi';
import { collectPendingIds, downloadCardsPdf, isAborted } from './printApi';
import { PRINT_CAP, printFileName, progressGate } from './printing';

const text = fr.cards.print;

export type PrintState =
  | { phase: 'idle' }
  /** The cards matching the filters are being gathered: `found` so far, of about `total`. */
  | { phase: 'collecting'; found: number; total: number }
  /** The PDF of `count` cards comes: `bytes` received. */
  | { phase: 'downloading'; count: number; bytes: number }
  /** Saved as `file`: are the cards `ids` (those that were waiting) well printed? */
  | { phase: 'confirm'; ids: number[]; file: string };

const IDLE: PrintState = { phase: 'idle' };

export interface PrintOptions {
  /** The cards of the run still waiting to be printed, offered to be marked printed after; none: no question. */
  toMark: readonly number[];
  /** The saved file's name; cartes-AAAA-MM-JJ.pdf unless given. */
  fileName?: string;
}

export function useCardPrinting({ onMarked }: { onMarked?: (ids: number[]) => void } = {}) {
  const [state, setState] = useState<PrintState>(IDLE);
  const controller = useRef<AbortController | null>(null);
  const markPrinted = useMarkPrinted();
  const mayMark = useCentralRight('cards', 'write').allowed;

  // Leaving the screen stops a run (its download, its requests).
  useEffect(() => () => controller.current?.abort(), []);

  /** Runs `work` as the one run under way, its signal stopping it; a failure (its notice shown) ends it. */
  const run = useCallback(async (work: (signal: AbortSignal) => Promise<void>) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    try {
      await work(current.signal);
    } catch (error) {
      if (current.signal.aborted || isAborted(error)) return;
      // An ApiError showed its notice already.
      if (!(error instanceof ApiError)) notifyError(fr.errors.unexpected);
      setState(IDLE);
    } finally {
      if (controller.current === current) controller.current = null;
    }
  }, []);

  const download = useCallback(
    async (ids: readonly number[], { toMark, fileName = printFileName() }: PrintOptions, signal: AbortSignal) => {
      const count = ids.length;
      setState({ phase: 'downloading', count, bytes: 0 });
      const gate = progressGate();
      const pdf = await downloadCardsPdf(ids, {
        signal,
        onBytes: (bytes) => {
          if (gate.due()) setState({ phase: 'downloading', count, bytes });
        },
      });
      saveFile(pdf, fileName);
      if (toMark.length > 0 && mayMark) {
        setState({ phase: 'confirm', ids: [...toMark], file: fileName });
      } else {
        setState(IDLE);
        notifySuccess(toMark.length > 0 ? text.savedOnField(fileName) : text.saved(fileName));
      }
    },
    [mayMark],
  );

  /** Prints the cards `ids` (at least one). */
  const printIds = useCallback(
    (ids: readonly number[], options: PrintOptions) => {
      if (ids.length === 0) return;
      void run((signal) => download(ids, options, signal));
    },
    [run, download],
  );

  /** Prints every card waiting to be printed that the list's search and filters keep (PRINT_CAP at most). */
  const printMatching = useCallback(
    (params: CardListParams) => {
      void run(async (signal) => {
        setState({ phase: 'collecting', found: 0, total: 0 });
        const gate = progressGate();
        const collected = await collectPendingIds(params, {
          signal,
          onFound: (found, total) => {
            if (gate.due()) setState({ phase: 'collecting', found, total });
          },
        });
        if ('tooMany' in collected) {
          notifyWarning(text.tooMany(formatCount(PRINT_CAP)));
          setState(IDLE);
          return;
        }
        if (collected.ids.length === 0) {
          notifyWarning(text.none);
          setState(IDLE);
          return;
        }
        await download(collected.ids, { toMark: collected.ids }, signal);
      });
    },
    [run, download],
  );

  /** Stops the run under way. */
  const cancel = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setState(IDLE);
  }, []);

  /** "Oui": the cards printed, exactly those, are marked printed (all or none: a refusal shows its notice). */
  const confirm = useCallback(async () => {
    if (state.phase !== 'confirm') return;
    const { ids } = state;
    try {
      await markPrinted.mutateAsync(ids);
      onMarked?.(ids);
    } catch {
      // Refused (a card printed or cancelled meanwhile): the notice says which; nothing was marked.
    }
    setState(IDLE);
  }, [state, markPrinted, onMarked]);

  /** "Pas encore": the cards stay waiting to be printed. */
  const later = useCallback(() => setState(IDLE), []);

  return {
    state,
    /** A run is under way or waits for its answer. */
    busy: state.phase !== 'idle',
    marking: markPrinted.isPending,
    printIds,
    printMatching,
    cancel,
    confirm,
    later,
  };
}

export type CardPrinting = ReturnType<typeof useCardPrinting>;
