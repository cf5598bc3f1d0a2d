// Shown while the first screen is prepared (the guard may be signing in again from the saved token).
import { Spin } from 'antd';
import { fr } from '../shared/locale/fr';

export default function BootScreen() {
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }} aria-busy="true">
      <Spin size="large" aria-label={fr.app.name} />
    </div>
  );
}
