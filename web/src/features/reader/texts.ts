// The reader screen's French texts.
export const readerTexts = {
  intro:
    "Scannez le code QR d'une carte d'adhérent : la signature, l'expiration et la révocation sont vérifiées sur cet ordinateur, même sans réseau.",
  input: {
    label: 'Code de la carte',
    placeholder: 'Scannez la carte ici (ou collez son code), puis Entrée',
    check: 'Vérifier',
  },
  camera: {
    open: 'Scanner avec la caméra',
    title: 'Scanner une carte',
    hint: 'Présentez le code QR de la carte devant la caméra.',
    starting: 'Ouverture de la caméra…',
    close: 'Fermer',
    video: 'Image de la caméra',
    unavailable:
      "La caméra n'est pas accessible depuis cette page : ouvrez Sésame en https (ou sur cet ordinateur) ou utilisez un lecteur de codes.",
    none: "Aucune caméra n'a été trouvée sur cet ordinateur.",
    denied:
      "L'accès à la caméra a été refusé. Autorisez-le dans les réglages du navigateur, ou utilisez un lecteur de codes.",
    busy: 'La caméra est déjà utilisée par une autre application.',
    failed: "La caméra n'a pas pu être ouverte.",
  },
  trust: {
    loading: 'Chargement de la clé de vérification…',
    offline: 'Vérification hors ligne',
    offlineSince: (date: string) =>
      `Le serveur est injoignable : la clé de vérification et la liste des cartes révoquées du ${date} sont utilisées.`,
    missing:
      'La clé de vérification des cartes est indisponible : connectez-vous une première fois au réseau pour la charger.',
    online: (count: number) =>
      count === 0
        ? 'Clé de vérification à jour ; aucune carte révoquée.'
        : `Clé de vérification à jour ; ${count} carte${count > 1 ? 's' : ''} révoquée${count > 1 ? 's' : ''}.`,
  },
  verdict: {
    valid: 'Carte valide',
    expired: 'Carte expirée',
    revoked: 'Carte révoquée',
    forged: 'Carte falsifiée ou illisible',
  },
  explanation: {
    valid: "La carte a été émise par Sésame, n'a pas été modifiée et est en cours de validité.",
    expired: (date: string) => `La carte a expiré le ${date}.`,
    revoked: 'Cette carte a été révoquée : elle ne doit plus être acceptée.',
    forged:
      "Ce code n'a pas été signé par Sésame, a été modifié ou n'a pas pu être lu. Ne vous fiez pas aux informations qu'il affiche.",
    unread: "Le code n'a pas pu être lu.",
  },
  details: {
    title: 'Informations de la carte',
    untrusted: 'Informations lues sur le code (non fiables)',
    cardNumber: 'N° de carte',
    memberNumber: "N° d'adhérent",
    lastName: 'Nom',
    firstName: 'Prénoms',
    birthDate: 'Date de naissance',
    issuedAt: 'Émise le',
    expiresAt: "Valable jusqu'au",
    issuer: 'Émetteur',
  },
} as const;
