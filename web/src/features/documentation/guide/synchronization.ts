// The guide's sections of the synchronisation group: running a run, its journal.
import type { GuideSection } from './types';

export const synchronizationSections: readonly GuideSection[] = [
  {
    path: '/synchronization',
    screenshot: 'synchronisation',
    alt: "L'écran Synchronisation : l'instance (serveur central ou poste de terrain), l'état du navigateur et les 5 dernières synchronisations.",
    purpose:
      'Échanger les données entre un poste de terrain (un ordinateur qui travaille sans réseau) et le serveur central : envoyer ce qui a été saisi sur le terrain, recevoir ce qui a changé au bureau.',
    steps: [
      "Vérifiez « Cette instance » : sur le serveur central, il n'y a rien à lancer (les deux boutons y sont grisés) ; la synchronisation se lance depuis les postes de terrain.",
      'Sur un poste de terrain relié au réseau, cliquez sur « Envoyer au serveur central » pour transmettre ce qui a été saisi sur le poste (les adhérents et leurs photos), puis sur « Recevoir du serveur central » pour recevoir ce qui a changé au bureau (la géographie, les cartes…).',
      "Suivez la « Synchronisation en cours » ; « Arrêter » l'interrompt entre deux étapes, sans rien perdre.",
      '« Les 5 dernières synchronisations » montre les derniers échanges ; « Voir tout le journal » ouvre le journal complet.',
    ],
    refused: [
      "« Hors ligne » : le navigateur n'a pas de réseau, le serveur central ne sera pas joint ; rebranchez le réseau puis relancez.",
      'Une synchronisation « Échouée » : ouvrez son détail dans le journal, le message dit pourquoi (serveur injoignable, jeton refusé) ; un jeton refusé se renouvelle par un administrateur du serveur central (écran Utilisateurs).',
      "Les lecteurs n'ont pas accès à cet écran.",
    ],
  },
  {
    path: '/synchronization/journal',
    screenshot: 'journal-synchronisation',
    alt: "Le journal de synchronisation : les filtres Type et État et la liste des synchronisations avec leur début, leur fin, leur état et les nombres d'envoyés, de reçus et de conflits.",
    purpose:
      "L'historique de toutes les synchronisations : qui les a lancées, quand, ce qui a été envoyé et reçu, et les conflits.",
    steps: [
      'Filtrez par « Type » (Envoi ou Réception) et par « État » (En cours, Terminée, Échouée, Arrêtée).',
      "Cliquez sur « Détail » pour ouvrir une synchronisation : son message et, s'il y en a, ses conflits.",
      "Un conflit montre, pour un adhérent modifié des deux côtés, la « Version gardée » et la « Version écartée », champ par champ : reportez à la main dans la fiche ce qui doit l'être.",
    ],
    refused: [
      "Une liste vide : aucune synchronisation n'a encore été lancée depuis ce poste (sur le serveur central, elles se lancent depuis les postes de terrain).",
      "Les lecteurs n'ont pas accès à cet écran.",
    ],
  },
];
