// The problems of an import, line by line of the spreadsheet: those found in the browser before sending
// (a warning) or those the server gave when it refused the file (an error).
import { Alert } from 'antd';
import { fr } from '../../shared/locale/fr';
import type { Problem } from './columns';

/** Lines listed at most; the count says how many there are in all. */
const SHOWN = 50;

export default function ImportProblems({
  type,
  title,
  problems,
}: {
  type: 'warning' | 'error';
  title: string;
  problems: readonly Problem[];
}) {
  const t = fr.sheetImport;
  return (
    <Alert
      type={type}
      showIcon
      title={title}
      description={
        problems.length > 0 && (
          <ul style={{ margin: 0, maxHeight: 200, overflow: 'auto' }}>
            {problems.slice(0, SHOWN).map((p, i) => (
              <li key={i}>{t.line(p.line, p.message)}</li>
            ))}
            {problems.length > SHOWN && <li>{t.more(problems.length - SHOWN)}</li>}
          </ul>
        )
      }
    />
  );
}
