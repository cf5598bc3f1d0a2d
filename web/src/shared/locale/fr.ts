// Every text the interface shows, in French, in one place. Server messages are shown as they come.

export const fr = {
  app: {
    name: 'Sésame',
    tagline: 'Le back-office du réseau des adhérents',
  },

  // Screen names: menu entries, page headings and document titles.
  screens: {
    home: 'Accueil',
    about: 'À propos',
    cards: 'Cartes',
    cooperatives: 'Coopératives',
    delivery: 'Livraisons',
    departments: 'Départements',
    documentation: "Documentation de l'API",
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
  },

  home: {
    hello: (name: string) => `Bonjour ${name}`,
    role: (role: string) => `Vous êtes connecté en tant que ${role}.`,
    shortcuts: 'Accès rapides',
  },

  upcoming: {
    text: 'Cet écran arrive dans une prochaine version.',
    back: "Retour à l'accueil",
  },

  notFound: {
    text: "La page demandée n'existe pas.",
    back: "Retour à l'accueil",
  },

  forbidden: {
    title: 'Accès refusé',
    text: "Votre rôle ne donne pas accès à cet écran.",
  },

  errors: {
    network: 'Le serveur ne répond pas : vérifiez la connexion réseau.',
    unexpected: 'Une erreur inattendue est survenue.',
    badAnswer: 'Réponse inattendue du serveur.',
    newVersion:
      "Une nouvelle version de l'application est disponible ou le réseau est coupé : rechargez la page.",
    reload: 'Recharger la page',
  },

  about: {
    product: 'Produit',
    webVersion: "Version de l'application web",
    webBuild: "Construction de l'application web",
    serverVersion: 'Version du serveur',
    serverBuild: 'Construction du serveur',
    environment: "Environnement d'exécution",
    environments: { central: 'Serveur central', field: 'Instance de terrain' } as Record<string, string>,
    unknown: 'inconnue',
  },

  documentation: {
    intro: "Les appels de l'API REST, tels que les décrit le document OpenAPI du serveur :",
    document: 'Document OpenAPI',
    method: 'Méthode',
    path: 'Chemin',
    summary: 'Description',
    tag: 'Domaine',
    back: "Retour à l'application",
  },

  users: {
    add: 'Nouvel utilisateur',
    search: 'Rechercher un identifiant ou un rôle',
    total: (n: number) => `${n} utilisateur${n > 1 ? 's' : ''}`,
    createTitle: 'Nouvel utilisateur',
    editTitle: (name: string) => `Modifier l'utilisateur ${name}`,
    save: 'Enregistrer',
    cancel: 'Annuler',
    edit: 'Modifier',
    delete: 'Supprimer',
    confirmDelete: 'Supprimer cet utilisateur ?',
    actions: 'Actions',
    never: 'jamais',
    fields: {
      login_id: 'N°',
      login_name: 'Identifiant',
      login_password: 'Mot de passe',
      login_role: 'Rôle',
      login_provider: 'Fournisseur',
      login_lastConnection: 'Dernière connexion',
    },
    passwordKeep: 'laisser vide pour ne pas changer',
    providerHelp: "Facultatif : fournisseur d'identité externe",
    rules: {
      loginNameMin: "L'identifiant doit contenir au moins 4 caractères",
      passwordRequired: 'Saisissez un mot de passe',
      passwordMin: 'Le mot de passe doit contenir au moins 4 caractères',
      providerMin: 'Le fournisseur doit contenir au moins 4 caractères',
      roleRequired: 'Choisissez un rôle',
    },
  },
} as const;
