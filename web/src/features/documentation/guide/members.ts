// The guide's sections of the members' group: members, cooperatives, parcels.
import type { GuideSection } from './types';

const READ_ONLY =
  'Les boutons « Nouvel… », « Modifier » ou « Supprimer » sont grisés : votre rôle (Lecteur) permet de consulter, pas de modifier. Demandez à un agent, un gestionnaire ou un administrateur.';

export const memberSections: readonly GuideSection[] = [
  {
    path: '/members',
    screenshot: 'adherents',
    alt: "La liste des adhérents : la recherche, les filtres, le bouton « Nouvel adhérent » et le tableau avec le nom, les prénoms, la localité et l'état de chaque adhérent.",
    purpose:
      "Le registre des adhérents : chercher un adhérent, l'inscrire, compléter sa fiche (identité, coordonnées, photo), sa famille et voir ses paiements.",
    steps: [
      "Pour retrouver un adhérent, tapez son nom, son numéro ou son téléphone dans « Rechercher : nom, numéro, contact » ; les filtres « Prénom », « N° d'adhérent » et « Créé par » affinent la liste.",
      "Pour inscrire un adhérent, cliquez sur « Nouvel adhérent », remplissez au moins le nom et les prénoms (les autres rubriques : Identité, Coordonnées, Adhésion, Ménage et famille, Pièce d'identité, Profession), puis cliquez sur « Enregistrer ».",
      'Pour la photo, cliquez sur « Prendre une photo » (caméra) ou « Importer une photo » (fichier), cadrez le visage puis cliquez sur « Valider ».',
      "Pour ouvrir une fiche, cliquez sur la ligne de l'adhérent : les onglets « Fiche », « Famille », « Paiements » et « Historique » s'affichent. Modifiez puis « Enregistrer », ou « Annuler ».",
      "L'onglet « Historique » montre chaque modification de la fiche : qui, quand, d'où et l'ancienne valeur de chaque champ. « Restaurer cette version » (administrateurs et gestionnaires) remet la fiche comme elle était, après un aperçu de ce qui change et un motif.",
      "Pour la famille, dans l'onglet « Famille », cliquez sur « Ajouter un conjoint » ou « Ajouter un enfant » ; « Enregistrer et ajouter un membre de la famille » enchaîne les saisies.",
      '« Colonnes » choisit les colonnes affichées ; « Exporter » crée un fichier CSV ou Excel de la liste filtrée.',
    ],
    refused: [
      "Un champ en rouge (« Saisissez le nom », « La date ne peut pas être dans le futur »…) : corrigez-le avant d'enregistrer.",
      "« Aucune caméra n'est disponible sur cet ordinateur » ou « L'accès à la caméra a été refusé » : autorisez la caméra dans le navigateur, ou utilisez « Importer une photo ».",
      "« Supprimer » est refusé pour un adhérent principal qui a encore un conjoint ou des enfants, ou pour un adhérent qui exploite des parcelles : le message le dit ; supprimez-les ou rattachez-les ailleurs d'abord.",
      READ_ONLY,
    ],
  },
  {
    path: '/cooperatives',
    screenshot: 'cooperatives',
    alt: "La liste des coopératives : la recherche, le bouton « Nouvelle coopérative » et le tableau avec le code, le nom, la localité, le contact et le nombre d'adhérents.",
    purpose:
      'Les coopératives auxquelles les adhérents appartiennent, avec leur localité, leur contact et le nombre de leurs adhérents.',
    steps: [
      'Cherchez une coopérative avec « Rechercher un code ou un nom ».',
      'Pour en créer une, cliquez sur « Nouvelle coopérative », saisissez le « Code » et le « Nom » (la localité et le contact sont facultatifs), puis « Enregistrer ».',
      'Pour la corriger, cliquez sur « Modifier » sur sa ligne ; pour la retirer, sur « Supprimer » puis confirmez.',
      'Un adhérent est rattaché à sa coopérative depuis sa fiche (rubrique Adhésion, champ « Coopérative »).',
    ],
    refused: [
      '« Saisissez le code » ou « Saisissez le nom » : le champ est obligatoire.',
      "La suppression est refusée tant que des adhérents appartiennent à la coopérative : rattachez-les d'abord à une autre.",
      READ_ONLY,
    ],
  },
  {
    path: '/parcels',
    screenshot: 'parcelles',
    alt: "La liste des parcelles : la recherche, les filtres Culture et Adhérent, le bouton « Nouvelle parcelle » et le tableau avec le code, l'adhérent, la surface et la culture.",
    purpose: 'Les parcelles exploitées par les adhérents : leur surface, leur culture et leur point GPS.',
    steps: [
      'Cherchez avec « Rechercher : code, culture, adhérent », ou filtrez par « Culture » et par « Adhérent ».',
      "Pour enregistrer une parcelle, cliquez sur « Nouvelle parcelle », saisissez le « Code », choisissez l'« Adhérent » qui l'exploite (tapez son nom ou son numéro), la « Surface » en hectares et la « Culture » ; le point GPS (latitude et longitude) est facultatif. Cliquez sur « Enregistrer ».",
      "« Modifier » et « Supprimer » sur la ligne d'une parcelle la corrigent ou la retirent.",
    ],
    refused: [
      "« Choisissez l'adhérent qui exploite la parcelle » : une parcelle appartient toujours à un adhérent ; inscrivez-le d'abord s'il n'existe pas.",
      '« Donnez la latitude et la longitude, ou aucune des deux » : le point GPS se donne entier, en degrés décimaux.',
      READ_ONLY,
    ],
  },
];
