// The texts the first screen needs (the sign-in page, the shell, the router and the session), apart from
// fr.ts so that the first download does not bring every screen's texts: docs/performance.md, « First
// screen ». fr.ts includes them, so `fr.screens.home` and `frShell.screens.home` are the same text.
export const frShell = {
  app: {
    name: 'Sésame',
    tagline: 'Le back-office du réseau des adhérents',
    /** The bar at the top of the window while the next screen loads. */
    screenLoading: 'Chargement de l’écran',
  },

  // Screen names: menu entries, page headings and document titles.
  screens: {
    home: 'Accueil',
    about: 'À propos',
    cards: 'Cartes',
    cooperatives: 'Coopératives',
    delivery: 'Livraisons',
    departments: 'Départements',
    documentation: 'Documentation',
    localities: 'Localités',
    localitiesImport: 'Import des localités',
    login: 'Connexion',
    members: 'Adhérents',
    metabaseStats: 'Statistiques',
    metabaseReport: 'Rapport statistique',
    parcels: 'Parcelles',
    reader: 'Lecteur de cartes',
    readme: 'README',
    regions: 'Régions',
    reports: 'Rapports',
    subprefectures: 'Sous-préfectures',
    synchronization: 'Synchronisation',
    synchronizationJournal: 'Journal de synchronisation',
    tools: 'Outils',
    photoSyncFailed: 'Photos non synchronisées',
    userList: 'Utilisateurs',
    notFound: 'Page introuvable',
  },

  // Side-menu groups.
  menu: {
    members: 'Adhérents',
    cards: 'Cartes',
    geography: 'Géographie',
    reports: 'Rapports et statistiques',
    synchronization: 'Synchronisation',
    administration: 'Administration',
    help: 'Aide',
  },
  roles: {
    admin: 'Administrateur',
    manager: 'Gestionnaire',
    agent: 'Agent',
    viewer: 'Lecteur',
    sync: 'Synchronisation',
  },

  session: {
    signOut: 'Se déconnecter',
    wrongCredentials: 'Identifiant ou mot de passe incorrect',
    signInError: "Erreur lors de l'authentification : ",
    refreshNotOk: 'Attention votre connexion a expiré, merci de vous reconnecter',
    refreshException: 'Attention votre connexion a expiré, veuillez vous reconnecter',
  },
  login: {
    heading: 'Connexion',
    intro: 'Connectez-vous pour accéder au back-office.',
    login: 'Identifiant',
    password: 'Mot de passe',
    submit: 'Se connecter',
    loginRequired: 'Saisissez votre identifiant',
    passwordRequired: 'Saisissez votre mot de passe',
    /** The password field's eye toggle (its name leaves out « mot de passe », which names the field). */
    reveal: 'Afficher les caractères saisis',
  },
  errors: {
    network: 'Le serveur ne répond pas : vérifiez la connexion réseau.',
    unexpected: 'Une erreur inattendue est survenue.',
    badAnswer: 'Réponse inattendue du serveur.',
    newVersion: "Une nouvelle version de l'application est disponible ou le réseau est coupé : rechargez la page.",
    reload: 'Recharger la page',
    /** Under the unexpected error of a screen: what to do, the cause being in the browser's console. */
    screenFailed:
      "L'écran n'a pas pu s'afficher. Rechargez la page ; si l'erreur revient, signalez-la à votre administrateur avec l'adresse de l'écran et l'heure.",
    /** The trace reference of a failed call, under its message. */
    reference: (id: string) => `Référence : ${id}`,
  },
} as const;
