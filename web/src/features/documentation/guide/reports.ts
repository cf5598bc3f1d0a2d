// The guide's sections of the reports and statistics group: the templates, the dashboards.
import type { GuideSection } from './types';

export const reportSections: readonly GuideSection[] = [
  {
    path: '/reports',
    screenshot: 'rapports',
    alt: 'La liste des modèles de documents : la recherche, le filtre par type, le bouton « Nouveau modèle » et le tableau avec le nom, le type, la version et les boutons Modifier, Copier, Définir par défaut et Supprimer.',
    purpose:
      "Les modèles des documents que Sésame imprime : la carte d'adhérent, le bordereau de livraison, la fiche adhérent et l'export de liste. Chaque type a un modèle « Par défaut », celui qui sert à l'impression ; chaque enregistrement garde une version.",
    steps: [
      'Cherchez un modèle avec « Rechercher un nom ou une description » ou filtrez par « Type de modèle ».',
      'Pour en créer un, cliquez sur « Nouveau modèle », donnez son nom et son type (le type ne change plus ensuite), puis enregistrez.',
      "Cliquez sur « Modifier » pour ouvrir le concepteur : placez textes, images, formes ; « Insérer un champ des données » propose, par leur nom en français, tous les champs que le type de modèle imprime (nom, prénoms, téléphone, date d'adhésion, numéro et date d'expiration de la carte…) : le champ choisi s'ajoute dans un espace libre de la page, « QR code de la carte » en QR code lisible et « Photo de l'adhérent » en cadre où s'imprime sa photo. « Aperçu » montre le document avec des données d'exemple, ou, avec « Un adhérent », rempli avec la fiche d'un adhérent cherché par son nom ou son numéro (pour une carte, avec sa carte en cours s'il en a une : son numéro, ses dates et son QR code).",
      'Cliquez sur « Enregistrer une version », décrivez ce qui change dans « Notes de version » et validez. « Historique » liste les versions ; « Restaurer » en remet une en service.',
      "« Copier » crée une copie du modèle à retoucher sans toucher l'original ; « Définir par défaut » en fait le modèle utilisé pour son type. Si vous supprimez le modèle par défaut, le dernier modèle modifié du même type le remplace : vérifiez lequel porte « Par défaut ».",
    ],
    refused: [
      '« Décrivez ce qui change dans cette version » : les notes de version sont obligatoires.',
      '« Lecture seule : votre rôle permet de voir ce modèle, pas de le modifier. » : demandez la modification à un rôle qui peut modifier les rapports.',
      '« Saisissez le nom du modèle » ou « Choisissez le type du modèle » : le champ est obligatoire à la création.',
      "« L'aperçu n'a pas pu être généré » : le message dit pourquoi (un champ ou une image du modèle) ; corrigez le modèle et relancez « Aperçu ».",
      "« L'élément … n'est lié à aucun champ » à l'enregistrement : un élément posé depuis la barre d'outils (un QR code nommé « Champ4 »…) n'imprime aucun champ. Supprimez-le et insérez le champ depuis « Insérer un champ des données », ou rendez-le fixe (lecture seule) ; le message liste les champs possibles.",
    ],
  },
  {
    path: '/metabase_stats',
    screenshot: 'statistiques',
    alt: 'Les statistiques : les filtres Région et période, les onglets Membres et Paiements et livraisons, et des graphiques avec leurs tableaux.',
    purpose:
      "Les tableaux de bord de l'activité : les membres par région, sexe et tranche d'âge, les paiements et les livraisons, sur la période et la région choisies.",
    steps: [
      "Choisissez l'onglet « Membres » ou « Paiements et livraisons ».",
      "Filtrez par « Région » et par période (« Du » … « au ») ; « Effacer les filtres » revient à tout. Les filtres restent dans l'adresse : copiez-la pour partager la même vue.",
      'Chaque graphique a son tableau de chiffres ; ses boutons « CSV » et « Excel (.xlsx) » téléchargent ce tableau.',
    ],
    refused: [
      "« Les statistiques n'ont pas pu être lues. » : cliquez sur « Réessayer » ; si le message revient, vérifiez la connexion réseau.",
      '« Rien à compter » : aucun enregistrement ne correspond aux filtres ; élargissez la période ou la région.',
    ],
  },
  {
    path: '/metabase_stats/report',
    screenshot: 'rapport-statistique',
    alt: 'Le rapport statistique : le champ « Nom du tableau de bord » avec le bouton « Ouvrir », les filtres et le tableau de bord des membres.',
    purpose:
      "Ouvrir un tableau de bord par son nom : « membres » par défaut, ou un tableau de bord réglé pour Metabase par l'administrateur, avec les mêmes filtres que l'écran Statistiques.",
    steps: [
      'Saisissez le nom dans « Nom du tableau de bord » et cliquez sur « Ouvrir ».',
      "Filtrez par « Région » et par période comme dans l'écran Statistiques ; « CSV » et « Excel (.xlsx) » téléchargent un tableau.",
      "Un tableau de bord Metabase s'affiche dans la page ; son adresse est valable un temps limité : rechargez la page quand elle a expiré.",
    ],
    refused: [
      "« Les statistiques n'ont pas pu être lues. » : le nom n'existe peut-être pas ; vérifiez-le auprès de l'administrateur, puis « Réessayer ».",
    ],
  },
];
