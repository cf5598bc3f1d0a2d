// The cards screen: its first tab lists the members' payments, which pay for the cards; the cards
// themselves come in a later version.
import { Tabs } from 'antd';
import { fr } from '../../shared/locale/fr';
import UpcomingPage from '../upcoming/UpcomingPage';
import TransactionList from './TransactionList';

export default function CardsPage() {
  return (
    <Tabs
      items={[
        { key: 'payments', label: fr.transactions.tabs.payments, children: <TransactionList /> },
        { key: 'cards', label: fr.transactions.tabs.cards, children: <UpcomingPage /> },
      ]}
    />
  );
}
