// The guide's sections of the administration group: users, tools, photos not sent, this documentation.
import type { GuideSection } from './types';

const ADMIN_ONLY =
  "Seuls les administrateurs ouvrent cet écran : un autre rôle voit « Accès refusé ». Demandez l'action à un administrateur.";

export const administrationSections: readonly GuideSection[] = [
  {
    path: '/user_list',
    screenshot: 'utilisateurs',
    alt: "La liste des utilisateurs : la recherche, le bouton « Nouvel utilisateur » et le tableau avec l'identifiant, le rôle, le fournisseur, le jeton de synchronisation et la dernière connexion.",
    purpose:
      'Les comptes qui se connectent à Sésame et leur rôle : Administrateur, Gestionnaire, Agent, Lecteur, ou Synchronisation pour un poste de terrain.',
    steps: [
      'Cherchez un compte avec « Rechercher un identifiant ou un rôle ».',
      "Pour créer un compte, cliquez sur « Nouvel utilisateur », saisissez l'« Identifiant » (4 caractères au moins), le « Mot de passe » (12 caractères au moins) et le « Rôle », puis « Enregistrer ». Donnez l'identifiant et le mot de passe à la personne.",
      '« Modifier » change le rôle ou le mot de passe (laissez le mot de passe vide pour le garder) ; « Supprimer » retire le compte.',
      "Pour un poste de terrain, créez un compte au rôle « Synchronisation » : son jeton s'affiche une seule fois ; copiez-le, puis cliquez sur « J'ai copié le jeton ». « Renouveler » en crée un nouveau (l'ancien cesse de marcher), « Révoquer » le retire.",
    ],
    refused: [
      '« Le mot de passe doit contenir au moins 12 caractères », ou un mot de passe courant refusé : choisissez-en un plus long et moins prévisible.',
      'Un identifiant déjà pris est refusé : choisissez-en un autre.',
      'Un jeton de synchronisation perdu ne se réaffiche pas : cliquez sur « Renouveler » et réglez le nouveau jeton sur le poste de terrain.',
      ADMIN_ONLY,
    ],
  },
  {
    path: '/tools',
    screenshot: 'outils',
    alt: "Les outils : le tableau des paramètres de connexion avec leurs valeurs et leurs boutons Modifier, l'empreinte d'un mot de passe et l'accès aux photos en échec.",
    purpose:
      "Les réglages du serveur que l'administrateur peut changer (prix et validité d'une carte, opérateurs et types de paiement), et deux outils : l'empreinte d'un mot de passe et les photos en échec de synchronisation.",
    steps: [
      "Dans « Paramètres de connexion », lisez la valeur de chaque paramètre ; « Modifier » sur sa ligne la change (l'aide dit la valeur par défaut). « Autre paramètre » règle un paramètre qui n'est pas dans la liste.",
      "Dans « Empreinte d'un mot de passe », saisissez un mot de passe et cliquez sur « Calculer l'empreinte » : l'empreinte argon2id sert à régler un mot de passe dans un fichier de configuration.",
      "« Voir les photos en échec » ouvre la liste des photos qu'un poste de terrain n'a pas pu envoyer.",
    ],
    refused: [
      "« Saisissez une valeur » : le champ est vide ; saisissez la valeur voulue, au format que dit l'aide du paramètre.",
      'Une valeur refusée par le serveur (un prix négatif, une validité hors de 1 à 240 mois) : le message dit la règle ; corrigez la valeur.',
      ADMIN_ONLY,
    ],
  },
  {
    path: '/tools/photo_sync_failed',
    screenshot: 'photos-non-synchronisees',
    alt: "Les photos non synchronisées : l'explication de l'écran et la liste des photos en échec, vide sur le serveur central.",
    purpose:
      "Sur un poste de terrain, les photos d'adhérents qui n'ont pas pu être envoyées au serveur central, avec la raison de l'échec et la prochaine tentative.",
    steps: [
      "Lisez pour chaque photo l'« Adhérent », les « Tentatives », la « Dernière erreur » et la « Prochaine tentative ».",
      "Chaque synchronisation vers le serveur central les renvoie d'elle-même ; « Réessayer » renvoie une photo tout de suite.",
      "Le nom de l'adhérent ouvre sa fiche dans la liste des adhérents, pour changer une photo illisible.",
    ],
    refused: [
      "Une photo qui échoue encore : lisez la « Dernière erreur » (image illisible, serveur injoignable) ; remplacez la photo dans la fiche de l'adhérent ou attendez le retour du réseau.",
      "Sur le serveur central, la liste reste vide : il reçoit les photos, il n'en envoie pas.",
      ADMIN_ONLY,
    ],
  },
  {
    path: '/documentation',
    screenshot: 'documentation',
    alt: "La documentation : les onglets « Guide de l'utilisateur » et « Référence de l'API », le sommaire du guide à gauche et ses sections à droite.",
    purpose:
      "Ce guide, et la référence de l'API REST pour les équipes techniques qui relient d'autres logiciels à Sésame.",
    steps: [
      "L'onglet « Guide de l'utilisateur » décrit chaque écran ; le sommaire mène à chacun, « Ouvrir l'écran » l'ouvre.",
      "L'onglet « Référence de l'API » liste les appels ; tapez un chemin ou un mot dans la recherche, puis cliquez sur un appel pour voir ses paramètres, le corps de la requête et ses réponses.",
      "« Retour à l'application », en haut à droite, revient à l'accueil.",
    ],
    refused: [ADMIN_ONLY],
  },
];
