// The user guide's own words (the frame around the sections), in French.
export const guideTexts = {
  intro:
    "Ce guide présente chaque écran de Sésame : à quoi il sert, ce que vous y faites pas à pas, et que faire quand une action est refusée. Le sommaire, à gauche, mène à chaque écran ; « Ouvrir l'écran » l'ouvre dans l'application.",
  general: {
    title: 'Avant de commencer',
    points: [
      "Le menu de gauche regroupe les écrans par thème (Adhérents, Cartes, Géographie, Rapports et statistiques, Synchronisation, Administration, Aide). Vous ne voyez que les écrans que votre rôle permet d'ouvrir.",
      "Un bouton grisé est une action que votre rôle ne permet pas : passez la souris dessus, une bulle dit quels rôles peuvent la faire (« Réservé aux administrateurs et gestionnaires »). L'étiquette « Lecture seule » à côté du titre d'un écran veut dire que vous pouvez consulter, pas modifier.",
      "Quand le serveur refuse une demande, un message en français s'affiche en haut de l'écran et dit pourquoi : corrigez ce qu'il indique puis recommencez. « Le serveur ne répond pas » signale un problème de réseau : vérifiez la connexion, puis réessayez.",
      'Un formulaire modifié que vous fermez demande « Abandonner les modifications ? » : « Continuer la saisie » vous y ramène, « Abandonner » perd ce qui a été saisi.',
      "Les longues listes (adhérents, cartes, livraisons, paiements) se chargent au fil du défilement. « Exporter » au-dessus d'une liste crée un fichier CSV ou Excel ; suivez-le dans « Exports », en haut de la page, et téléchargez-le quand il est prêt.",
      "« Se déconnecter », en haut à droite, ferme votre session. Si la session expire, Sésame vous demande de vous reconnecter et vous ramène à l'écran où vous étiez.",
    ],
  },
  toc: 'Sommaire',
  tocLabel: 'Sommaire du guide',
  open: "Ouvrir l'écran",
  openLabel: (title: string) => `Ouvrir l'écran ${title}`,
  who: "Qui peut l'ouvrir : ",
  everyone: 'tous les utilisateurs connectés',
  beforeSignIn: 'tout le monde, avant de se connecter',
  purpose: 'À quoi sert cet écran',
  steps: 'Pas à pas',
  refused: 'En cas de refus',
  screenshot: (title: string) => `Capture de l'écran ${title}`,
} as const;
