// The French texts of the statistics screens, kept beside the feature (the shared locale file holds the
// rest of the interface).
export const statisticsText = {
  filters: 'Filtres',
  region: 'Région',
  allRegions: 'Toutes les régions',
  from: 'Du',
  to: 'au',
  clear: 'Effacer les filtres',
  /** What a dashboard counts: the members (`membres`), the payments (`cartes`). */
  total: (reportName: string, count: string, n: number) =>
    reportName === 'cartes'
      ? `${count} ${n > 1 ? 'paiements comptés' : 'paiement compté'}`
      : `${count} ${n > 1 ? 'membres comptés' : 'membre compté'}`,
  tabs: { membres: 'Membres', cartes: 'Paiements et livraisons' } as Record<string, string>,
  periodHint: "La période : le jour de l'inscription d'un membre, d'un paiement, de la création d'une livraison.",
  loading: 'Calcul des statistiques…',
  error: "Les statistiques n'ont pas pu être lues.",
  retry: 'Réessayer',
  empty: 'Rien à compter',
  chart: (title: string) => `Graphique : ${title}`,
  table: (title: string) => `Tableau : ${title}`,
  /** The rows of a long table, which scroll within its card. */
  tableRows: (title: string) => `Lignes du tableau « ${title} »`,
  csv: 'CSV',
  xlsx: 'Excel (.xlsx)',
  exportCsv: (title: string) => `Exporter « ${title} » en CSV`,
  exportXlsx: (title: string) => `Exporter « ${title} » en Excel (.xlsx)`,
  metabase: (title: string) => `Tableau de bord Metabase : ${title}`,
  expiresAt: (when: string) => `Adresse valable jusqu'au ${when} : rechargez la page ensuite.`,
  reportName: 'Nom du tableau de bord',
  reportNameHint: 'Le nom d’un tableau de bord : « membres », ou un nom réglé pour Metabase.',
  open: 'Ouvrir',
} as const;
