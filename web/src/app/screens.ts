// The screens of the default layout (specification point 2), as data: the router, the side menu and the
// landing page's shortcuts are all built from this table, so a screen is declared once.
import type { ComponentType } from 'react';
import { frShell as fr } from '../shared/locale/frShell';
import type { Role } from '../shared/roles';
import { GEOGRAPHY_WRITE, type Area } from './access';

export type MenuGroup = keyof typeof fr.menu;

export interface Screen {
  path: string;
  title: string;
  /** Side-menu group; absent for the landing page, which sits on top of the menu. */
  group?: MenuGroup;
  /** Roles that may open it; absent: every signed-in login. Mirrors the gateway's role matrix. */
  access?: readonly Role[];
  /** The matrix's area the screen shows: a role that only reads it sees « Lecture seule » by the title. */
  area?: Area;
  /** Shown as a card on the landing page. */
  shortcut?: boolean;
  /** The screen's module; absent: the "à venir" page. */
  load?: () => Promise<{ default: ComponentType }>;
}

const BUSINESS: readonly Role[] = ['admin', 'manager', 'agent', 'viewer'];
const SYNC: readonly Role[] = ['admin', 'manager', 'agent'];
const ADMIN: readonly Role[] = ['admin'];

export const screens: readonly Screen[] = [
  { path: '/', title: fr.screens.home, load: () => import('../features/home/HomePage') },

  {
    path: '/members',
    area: 'members',
    title: fr.screens.members,
    group: 'members',
    access: BUSINESS,
    shortcut: true,
    load: () => import('../features/members/MemberListPage'),
  },
  {
    path: '/cooperatives',
    area: 'members',
    title: fr.screens.cooperatives,
    group: 'members',
    access: BUSINESS,
    load: () => import('../features/cooperatives/CooperativeListPage'),
  },
  {
    path: '/parcels',
    area: 'members',
    title: fr.screens.parcels,
    group: 'members',
    access: BUSINESS,
    load: () => import('../features/parcels/ParcelListPage'),
  },

  {
    path: '/cards',
    area: 'cards',
    title: fr.screens.cards,
    group: 'cards',
    access: BUSINESS,
    shortcut: true,
    load: () => import('../features/cards/CardsPage'),
  },
  {
    path: '/delivery',
    area: 'cards',
    title: fr.screens.delivery,
    group: 'cards',
    access: BUSINESS,
    shortcut: true,
    load: () => import('../features/deliveries/DeliveryListPage'),
  },
  {
    path: '/reader',
    title: fr.screens.reader,
    group: 'cards',
    access: BUSINESS,
    load: () => import('../features/reader/ReaderPage'),
  },

  {
    path: '/regions',
    area: 'geography',
    title: fr.screens.regions,
    group: 'geography',
    access: BUSINESS,
    load: () => import('../features/geography/RegionsPage'),
  },
  {
    path: '/departments',
    area: 'geography',
    title: fr.screens.departments,
    group: 'geography',
    access: BUSINESS,
    load: () => import('../features/geography/DepartmentsPage'),
  },
  {
    path: '/subprefectures',
    area: 'geography',
    title: fr.screens.subprefectures,
    group: 'geography',
    access: BUSINESS,
    load: () => import('../features/geography/SubprefecturesPage'),
  },
  {
    path: '/localities',
    area: 'geography',
    title: fr.screens.localities,
    group: 'geography',
    access: BUSINESS,
    shortcut: true,
    load: () => import('../features/geography/LocalitiesPage'),
  },
  {
    path: '/localities/import',
    title: fr.screens.localitiesImport,
    group: 'geography',
    access: GEOGRAPHY_WRITE,
    load: () => import('../features/geography/LocalityImportPage'),
  },

  {
    path: '/reports',
    area: 'reports',
    title: fr.screens.reports,
    group: 'reports',
    access: BUSINESS,
    shortcut: true,
    load: () => import('../features/reports/ReportListPage'),
  },
  {
    path: '/metabase_stats',
    area: 'reports',
    title: fr.screens.metabaseStats,
    group: 'reports',
    access: BUSINESS,
    load: () => import('../features/statistics/StatisticsPage'),
  },
  {
    path: '/metabase_stats/report',
    area: 'reports',
    title: fr.screens.metabaseReport,
    group: 'reports',
    access: BUSINESS,
    load: () => import('../features/statistics/StatisticsReportPage'),
  },

  {
    path: '/synchronization',
    area: 'sync',
    title: fr.screens.synchronization,
    group: 'synchronization',
    access: SYNC,
    shortcut: true,
    load: () => import('../features/synchronization/SynchronizationPage'),
  },
  {
    path: '/synchronization/journal',
    area: 'sync',
    title: fr.screens.synchronizationJournal,
    group: 'synchronization',
    access: SYNC,
    load: () => import('../features/synchronization/JournalPage'),
  },

  {
    path: '/user_list',
    title: fr.screens.userList,
    group: 'administration',
    access: ADMIN,
    shortcut: true,
    load: () => import('../features/users/UserListPage'),
  },
  {
    path: '/tools',
    title: fr.screens.tools,
    group: 'administration',
    access: ADMIN,
    load: () => import('../features/tools/ToolsPage'),
  },
  {
    path: '/tools/photo_sync_failed',
    title: fr.screens.photoSyncFailed,
    group: 'administration',
    access: ADMIN,
    load: () => import('../features/tools/PhotoSyncFailedPage'),
  },

  { path: '/about', title: fr.screens.about, group: 'help', load: () => import('../features/about/AboutPage') },
  { path: '/README', title: fr.screens.readme, group: 'help', load: () => import('../features/readme/ReadmePage') },
];

/** /documentation has its own layout, but shows in the menu with the administration screens. */
export const documentationScreen: Screen = {
  path: '/documentation',
  title: fr.screens.documentation,
  group: 'administration',
  access: ADMIN,
  load: () => import('../features/documentation/DocumentationPage'),
};

export const menuScreens: readonly Screen[] = [...screens, documentationScreen];
