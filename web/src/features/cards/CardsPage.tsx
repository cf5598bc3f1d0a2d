// The cards screen: the members' payments, which pay for the cards; the cards themselves (printing marked
// here); and the making of the cards of the members who paid.
import { Tabs } from 'antd';
import { fr } from '../../shared/locale/fr';
import CardCreation from './CardCreation';
import CardList from './CardList';
import TransactionList from './TransactionList';

export default function CardsPage() {
  return (
    <Tabs
      destroyOnHidden
      items={[
        { key: 'payments', label: fr.transactions.tabs.payments, children: <TransactionList /> },
        { key: 'cards', label: fr.transactions.tabs.cards, children: <CardList /> },
        { key: 'creation', label: fr.transactions.tabs.creation, children: <CardCreation /> },
      ]}
    />
  );
}
