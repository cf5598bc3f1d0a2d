// The guide's sections of the help group: the versions, the README screen (the user guide).
import type { GuideSection } from './types';

export const helpSections: readonly GuideSection[] = [
  {
    path: '/about',
    screenshot: 'a-propos',
    alt: "L'écran À propos : le produit, les versions de l'application web et du serveur, leurs constructions et l'environnement d'exécution.",
    purpose: "Savoir quelle version de Sésame tourne et où : à donner à l'assistance quand vous signalez un problème.",
    steps: [
      "Lisez la « Version de l'application web », la « Version du serveur » et l'« Environnement d'exécution » (serveur central ou instance de terrain).",
      "Recopiez-les dans votre message à l'assistance, avec ce que vous faisiez et le message affiché.",
    ],
    refused: [
      "« inconnue » à la place d'une version : le serveur n'a pas répondu ; rechargez la page, ou signalez-le.",
      "« Une nouvelle version de l'application est disponible » : cliquez sur « Recharger la page ».",
    ],
  },
  {
    path: '/README',
    screenshot: 'readme',
    alt: "L'écran README : le guide de l'utilisateur de Sésame, en français, d'une seule page.",
    purpose:
      "Le guide de l'utilisateur, ouvert à tous les rôles : les écrans, les règles de chaque partie (adhérents, géographie, cartes, synchronisation, rapports) et quoi faire en cas de refus ; il correspond toujours à la version installée.",
    steps: [
      'Faites défiler le texte, ou cherchez un mot avec la recherche du navigateur (Ctrl+F).',
      "Pour un écran précis, ce guide-ci (Documentation) montre aussi sa capture et « Ouvrir l'écran ».",
    ],
    refused: [
      "Une question que le guide ne règle pas : adressez-vous à votre administrateur, avec la « Référence : … » du message s'il y en a une.",
    ],
  },
];
