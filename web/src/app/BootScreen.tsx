// Shown while the first screen is prepared (the guard may be signing in again from the saved token). No
// antd: part of the first screen's download (docs/performance.md, « First screen »); its spinner is in
// global.css.
import { frShell as fr } from '../shared/locale/frShell';

export default function BootScreen() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} aria-busy="true">
      <div className="boot-spinner" role="progressbar" aria-label={fr.app.name} />
    </div>
  );
}
