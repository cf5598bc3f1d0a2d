// What every spreadsheet import screen keeps while a file is read: the sheet, its columns' mapping (guessed
// from the header, then changed by hand), the rows that mapping reads, their problems, and the server's
// refusal of the last sending. A new file, or a new mapping, clears what the previous one showed.
import { useMemo, useState } from 'react';
import type { Problem } from './columns';

/** The server's refusal: its message, and its faulty rows as spreadsheet lines. */
export interface Refusal {
  message: string;
  problems: Problem[];
}

export function useSheetImport<M, R>(
  toRows: (sheet: unknown[][], mapping: M) => R[],
  guessMapping: (header: unknown[]) => M,
  findProblems: (rows: R[]) => Problem[],
) {
  const [sheet, setSheet] = useState<unknown[][]>([]);
  const [mapping, setMapping] = useState<M | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const rows = useMemo(() => (mapping ? toRows(sheet, mapping) : []), [sheet, mapping, toRows]);
  const problems = useMemo(() => findProblems(rows), [rows, findProblems]);

  return {
    sheet,
    mapping,
    rows,
    problems,
    refusal,
    setRefusal,
    /** A new file is being picked: what the previous one showed goes. */
    reset: () => {
      setRefusal(null);
      setMapping(null);
    },
    /** The picked file's cells (null when it could not be read). */
    read: (next: unknown[][] | null) => {
      setSheet(next ?? []);
      setMapping(next ? guessMapping(next[0] ?? []) : null);
    },
    remap: (next: M) => {
      setMapping(next);
      setRefusal(null);
    },
  };
}
