// The guide's first sections: signing in, and the home page that follows.
import type { GuideSection } from './types';

export const startSections: readonly GuideSection[] = [
  {
    path: '/login',
    screenshot: 'connexion',
    alt: 'Le formulaire de connexion : les champs Identifiant et Mot de passe, et le bouton « Se connecter ».',
    purpose:
      "La porte d'entrée de Sésame : chaque utilisateur s'y identifie avec l'identifiant et le mot de passe que l'administrateur lui a donnés. Tant que vous n'êtes pas connecté, tout autre écran vous ramène ici.",
    steps: [
      'Saisissez votre identifiant dans « Identifiant » et votre mot de passe dans « Mot de passe ».',
      'Cliquez sur « Se connecter » (ou appuyez sur Entrée).',
      "Sésame ouvre l'accueil, ou l'écran que vous vouliez ouvrir avant de vous connecter.",
    ],
    refused: [
      '« Identifiant ou mot de passe incorrect » : vérifiez la saisie (majuscules, clavier) et recommencez. Après plusieurs échecs, demandez à un administrateur de vérifier votre compte ou de vous donner un nouveau mot de passe.',
      '« Saisissez votre identifiant » ou « Saisissez votre mot de passe » : un champ est vide.',
      "« Attention votre connexion a expiré, merci de vous reconnecter » : votre session a pris fin ; reconnectez-vous, Sésame vous ramène à l'écran où vous étiez.",
    ],
  },
  {
    path: '/',
    screenshot: 'accueil',
    alt: "L'accueil : le message « Bonjour », les chiffres du jour (adhérents inscrits, cartes à imprimer, livraisons en cours, paiements sans carte) et les accès rapides.",
    purpose:
      "Le point de départ de la journée : il salue l'utilisateur, rappelle son rôle et montre le travail du jour en chiffres, puis propose des accès rapides vers les écrans les plus utilisés.",
    steps: [
      "Lisez « Le travail du jour » : « Adhérents inscrits aujourd'hui », « Adhérents inscrits ce mois-ci », « Cartes à imprimer », « Livraisons en cours » et « Paiements sans carte ».",
      "Cliquez sur un chiffre pour ouvrir la liste correspondante déjà filtrée : par exemple « Cartes à imprimer » ouvre les cartes en attente d'impression. Le filtre s'affiche en étiquette au-dessus de la liste ; sa croix le retire.",
      'Sur un poste de terrain, « Dernière synchronisation » dit quand les données ont été échangées avec le serveur central ; « Voir le journal » ouvre le journal de synchronisation.',
      'Sous « Accès rapides », une carte ouvre directement un écran (Adhérents, Cartes, Livraisons…).',
    ],
    refused: [
      "« Les chiffres du jour n'ont pas pu être lus. » : cliquez sur « Réessayer » ; si le message revient, vérifiez la connexion réseau.",
      "Un chiffre absent (par exemple la synchronisation pour un lecteur) n'est pas une erreur : votre rôle ne donne pas accès à cette partie.",
    ],
  },
];
