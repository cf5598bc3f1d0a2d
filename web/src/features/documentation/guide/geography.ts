// The guide's sections of the geography group: the four levels and the localities' import.
import type { GuideSection } from './types';

const FIELD =
  'Sur un poste de terrain, la géographie vient du serveur central : créez-la ou modifiez-la sur le serveur central, puis lancez une réception (Synchronisation).';
const READ_ONLY =
  'Un bouton grisé : votre rôle ne permet pas cette action (un lecteur ne modifie rien ; seuls les administrateurs et gestionnaires suppriment). La bulle du bouton dit qui peut le faire.';

/** A level of the geography: its screen, its name in sentences, its parent, its button. */
function level(
  path: string,
  screenshot: string,
  plural: string,
  add: string,
  search: string,
  parent: string | null,
  inUse: string,
  feminine = true,
): GuideSection {
  const one = feminine ? 'une' : 'un';
  return {
    path,
    screenshot,
    alt: `La liste des ${plural} : la recherche, le bouton « ${add} » et le tableau avec le code et le nom de ${feminine ? 'chacune' : 'chacun'}.`,
    purpose: `Les ${plural} du découpage du territoire (région, département, sous-préfecture, localité), dans lequel chaque adhérent est situé.`,
    steps: [
      `Cherchez avec « ${search} ».`,
      parent
        ? `Pour en créer ${one}, cliquez sur « ${add} », choisissez ${parent}, saisissez le « Code » et le « Nom », puis « Enregistrer ».`
        : `Pour en créer ${one}, cliquez sur « ${add} », saisissez le « Code » et le « Nom », puis « Enregistrer ».`,
      '« Modifier » sur une ligne corrige le code ou le nom ; « Supprimer » la retire après confirmation.',
    ],
    refused: [
      '« Le code est obligatoire. », « Le nom est obligatoire. » : remplissez le champ. Un code déjà pris est refusé : choisissez-en un autre.',
      `La suppression est refusée tant que ${inUse} s'y rattachent : supprimez-les ou rattachez-les ailleurs d'abord.`,
      READ_ONLY,
      FIELD,
    ],
  };
}

export const geographySections: readonly GuideSection[] = [
  level(
    '/regions',
    'regions',
    'régions',
    'Nouvelle région',
    'Rechercher une région (code ou nom)',
    null,
    'des départements',
  ),
  level(
    '/departments',
    'departements',
    'départements',
    'Nouveau département',
    'Rechercher un département (code ou nom)',
    'sa « Région »',
    'des sous-préfectures',
    false,
  ),
  level(
    '/subprefectures',
    'sous-prefectures',
    'sous-préfectures',
    'Nouvelle sous-préfecture',
    'Rechercher une sous-préfecture (code ou nom)',
    'sa « Région » puis son « Département »',
    'des localités',
  ),
  {
    ...level(
      '/localities',
      'localites',
      'localités',
      'Nouvelle localité',
      'Rechercher une localité',
      'sa « Région », son « Département » puis sa « Sous-préfecture »',
      'des adhérents, des coopératives ou des parcelles',
    ),
    alt: 'La liste des localités : la recherche, le filtre par sous-préfecture, le bouton « Nouvelle localité » et le tableau avec le nom, la sous-préfecture, le département et la région de chacune.',
    steps: [
      "« Rechercher une localité » retrouve une localité par son nom ; le filtre « Sous-préfecture » n'affiche que celles d'une sous-préfecture.",
      'Pour en créer une, cliquez sur « Nouvelle localité », choisissez sa « Région », son « Département » puis sa « Sous-préfecture », saisissez le « Nom », puis « Enregistrer ».',
      '« Modifier » sur une ligne corrige la localité ; « Supprimer » la retire après confirmation.',
      "Pour en ajouter beaucoup à la fois, utilisez l'écran « Import des localités ».",
    ],
    refused: [
      '« Le nom est obligatoire. » : remplissez le champ ; « Choisissez la sous-préfecture. » : une localité appartient toujours à une sous-préfecture.',
      "Si le serveur refuse la suppression, son message dit pourquoi : corrigez ce qu'il indique, puis recommencez.",
      READ_ONLY,
      FIELD,
    ],
  },
  {
    path: '/localities/import',
    screenshot: 'import-localites',
    alt: "L'import des localités : l'explication, le bouton « Télécharger le modèle » et la zone où déposer le fichier à importer.",
    purpose:
      "Ajouter d'un coup de nombreuses localités, avec leurs régions, départements et sous-préfectures, depuis un tableur. Tout le fichier est appliqué, ou rien.",
    steps: [
      'Cliquez sur « Télécharger le modèle » et remplissez-le : une ligne par localité, avec le code et le nom de sa région, de son département et de sa sous-préfecture.',
      "Cliquez sur « Cliquez ou déposez ici le fichier à importer » et choisissez le fichier .xlsx ou .csv : il est lu dans le navigateur, rien n'est encore envoyé.",
      "Vérifiez la « Correspondance des colonnes » (chaque information du modèle et la colonne du fichier qui la donne) et l'aperçu des lignes.",
      'Cliquez sur « Importer … lignes » : le résultat dit combien de régions, départements, sous-préfectures et localités ont été ajoutés.',
    ],
    refused: [
      "« … problème(s) à corriger dans le fichier avant l'envoi » : la liste dit la ligne et le problème (valeur manquante, texte trop long, un code qui porte deux noms) ; corrigez le fichier et choisissez-le à nouveau.",
      "« Le format .xls n'est plus lu » : enregistrez le fichier au format .xlsx ou .csv.",
      "Si le serveur refuse l'import, rien n'a été enregistré : corrigez ce que dit le message et recommencez.",
      "L'écran est réservé aux rôles qui modifient la géographie (administrateurs, gestionnaires, agents).",
    ],
  },
];
