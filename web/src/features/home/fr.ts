// The home page's texts, in French.
export const homeFr = {
  figures: {
    title: 'Le travail du jour',
    members: 'Adhérents',
    today: "Adhérents inscrits aujourd'hui",
    thisMonth: 'Adhérents inscrits ce mois-ci',
    cards: 'Cartes et paiements',
    cardsToPrint: 'Cartes à imprimer',
    deliveriesUnderWay: 'Livraisons en cours',
    paymentsWithoutCard: 'Paiements sans carte',
    lastSynchronization: 'Dernière synchronisation',
    noSynchronization: 'Aucune synchronisation',
    startedAt: (when: string) => `Lancée le ${when}`,
    journal: 'Voir le journal',
    loading: 'Chargement des chiffres du jour…',
    error: "Les chiffres du jour n'ont pas pu être lus.",
    retry: 'Réessayer',
    open: (figure: string) => `${figure} : voir la liste`,
  },
};
