// The sign-in layout: the product's name over a centred card. Plain HTML and CSS, no antd: the sign-in page
// is the first screen, which must stay small (docs/performance.md, « First screen »).
import { Outlet } from 'react-router';
import { frShell as fr } from '../../shared/locale/frShell';
import styles from './LoginLayout.module.css';

export default function LoginLayout() {
  return (
    <div className={styles.page}>
      <main className={styles.column}>
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" width={56} height={56} />
          <h1 className={styles.name}>{fr.app.name}</h1>
          <p className={styles.tagline}>{fr.app.tagline}</p>
        </div>
        <div className={styles.card}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
