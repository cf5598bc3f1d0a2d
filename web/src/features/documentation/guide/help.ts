// The guide's sections of the help group: the versions, the README.
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
    alt: "L'écran README : la présentation technique du projet Sésame, en anglais.",
    purpose:
      "La présentation technique du projet (installation, architecture, exploitation), pour l'équipe technique ; elle correspond toujours à la version installée.",
    steps: [
      'Faites défiler le texte ; ses liens mènent aux parties détaillées.',
      'Pour le travail de tous les jours, préférez ce guide.',
    ],
    refused: ["Le README est en anglais : pour une question d'usage, adressez-vous à votre administrateur."],
  },
];
