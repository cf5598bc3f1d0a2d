// The cards screen: the members' payments, which pay for the cards (recorded by hand or imported from an
// operator's statement), and the statements' payments still to assign to a member; the cards themselves
// (printed as PDF and marked printed here); and the making of the cards of the members who paid. A home
// figure opens a tab by the address (`?tab=cards`), with that tab's filter.
import { Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { HOME_PARAMS } from '../home/homeLinks';
import { fr } from '../../shared/locale/fr';
import CardCreation from './CardCreation';
import CardList from './CardList';
import TransactionList from './TransactionList';
import UnmatchedList from './UnmatchedList';

const TABS = ['payments', 'unmatched', 'cards', 'creation'];

export default function CardsPage() {
  const [searchParams] = useSearchParams();
  const tab = searchParams.get(HOME_PARAMS.tab);
  return (
    <Tabs
      destroyOnHidden
      defaultActiveKey={tab && TABS.includes(tab) ? tab : 'payments'}
      items={[
        { key: 'payments', label: fr.transactions.tabs.payments, children: <TransactionList /> },
        { key: 'unmatched', label: fr.transactions.tabs.unmatched, children: <UnmatchedList /> },
        { key: 'cards', label: fr.transactions.tabs.cards, children: <CardList /> },
        { key: 'creation', label: fr.transactions.tabs.creation, children: <CardCreation /> },
      ]}
    />
  );
}
