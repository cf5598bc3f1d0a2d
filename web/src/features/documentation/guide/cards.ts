// The guide's sections of the cards' group: payments and cards, deliveries, the card reader.
import type { GuideSection } from './types';

export const cardSections: readonly GuideSection[] = [
  {
    path: '/cards',
    screenshot: 'cartes',
    alt: "L'écran Cartes sur l'onglet Paiements : les onglets Paiements, Paiements à attribuer, Cartes et Création des cartes, les boutons « Nouveau paiement » et « Importer un relevé », et la liste des paiements.",
    purpose:
      "Tout le parcours d'une carte d'adhérent : enregistrer le paiement, créer la carte, l'imprimer en PDF et la marquer imprimée. L'écran a quatre onglets : « Paiements », « Paiements à attribuer », « Cartes » et « Création des cartes ».",
    steps: [
      "Onglet « Paiements » : cliquez sur « Nouveau paiement », saisissez la date, le montant en FCFA, l'opérateur, le « N° de transaction » donné par l'opérateur et l'adhérent qui a payé, puis « Enregistrer ». Pour un relevé d'opérateur (.xlsx ou .csv), cliquez sur « Importer un relevé », choisissez l'« Opérateur du relevé » et le fichier, vérifiez l'aperçu puis cliquez sur « Importer … lignes » : une barre montre l'envoi, la vérification puis l'enregistrement, jusqu'à « Import terminé ».",
      "Onglet « Paiements à attribuer » : les paiements d'un relevé dont le téléphone n'est celui d'aucun adhérent. Cliquez sur « Attribuer » et choisissez l'adhérent qui a payé.",
      "Onglet « Création des cartes » : la liste des adhérents qui ont payé et n'ont pas de carte. Cliquez sur « Actualiser » pour relire leurs noms et photos, cochez ceux dont la carte doit être faite, puis cliquez sur « Créer les cartes ».",
      "Onglet « Cartes » : filtrez par « État de la carte » (par exemple « En attente d'impression »), cochez les cartes puis cliquez sur « Imprimer (PDF) », ou sur « Imprimer toutes les cartes en attente (PDF) ». Une fois le PDF imprimé, répondez « Oui, marquer comme imprimées » (ou « Pas encore » si l'impression a échoué). « Marquer comme imprimées » le fait aussi pour les cartes cochées.",
      "Cliquez sur le numéro d'une carte (colonne « N° de carte ») pour l'ouvrir : « Corriger » change l'identité imprimée, « Imprimer cette carte (PDF) » redonne son PDF, « Réimprimer » remplace une carte abîmée ou perdue (avec un motif), « Annuler la carte » la rend inutilisable.",
    ],
    refused: [
      'Un paiement refusé parce que son « N° de transaction » existe déjà : il est déjà enregistré ; cherchez-le dans la liste au lieu de le saisir deux fois.',
      'Pour supprimer un paiement, indiquez le motif (au moins 5 caractères) : le paiement reste visible, barré. Un paiement « Utilisée pour une carte » ne se supprime pas.',
      'Un adhérent absent de « Création des cartes » : son paiement ne couvre pas le prix de la carte, ou il a déjà une carte en cours.',
      "« Le relevé n'a pas été importé (rien n'a été enregistré) » : corrigez les lignes signalées dans le fichier, puis importez-le à nouveau.",
      'Sur un poste de terrain, paiements et cartes se saisissent sur le serveur central : faites-le là-bas, puis lancez une réception (Synchronisation).',
    ],
  },
  {
    path: '/delivery',
    screenshot: 'livraisons',
    alt: "La liste des livraisons : la recherche, le bouton « Nouvelle livraison » et le tableau avec le code, la date de création, le nombre de cartes et la date d'envoi.",
    purpose:
      'Les livraisons de cartes imprimées vers le terrain : les préparer, les envoyer, imprimer leur bordereau et garder le justificatif signé.',
    steps: [
      "Cliquez sur « Nouvelle livraison ». Cochez les cartes imprimées à livrer (cherchez-les par n° de carte ou nom du titulaire) ; activez « Livraison d'erreur » si elles repartent pour corriger une erreur. Cliquez sur « Créer la livraison ».",
      'Ouvrez une livraison en cliquant sur son code (colonne « Code ») : « Bordereau (PDF) » imprime le bordereau à faire signer.',
      'Quand les cartes partent, cliquez sur « Envoyer » et confirmez : la livraison ne peut plus être modifiée.',
      'Au retour du bordereau signé, cliquez sur « Joindre un justificatif » et choisissez la photo ou le PDF ; « Voir le justificatif » le rouvre.',
      'Pour imprimer plusieurs bordereaux à la fois, cochez les livraisons puis cliquez sur « Bordereaux (PDF) ».',
    ],
    refused: [
      "« Aucune carte imprimée n'attend de livraison » : marquez d'abord les cartes comme imprimées (écran Cartes, onglet Cartes).",
      '« Cochez au moins une carte. » : une livraison contient au moins une carte.',
      '« Le justificatif dépasse 10 Mo » ou « doit être une photo (JPEG ou PNG) ou un PDF » : choisissez un fichier plus léger ou du bon type.',
      'Une livraison envoyée ne se modifie plus et ne se supprime plus.',
    ],
  },
  {
    path: '/reader',
    screenshot: 'lecteur',
    alt: 'Le lecteur de cartes : le champ « Code de la carte », le bouton « Vérifier » et le bouton « Scanner avec la caméra ».',
    purpose:
      "Vérifier qu'une carte d'adhérent présentée est authentique, valide et non révoquée, en lisant son code QR. La vérification se fait sur l'ordinateur, même sans réseau.",
    steps: [
      'Cliquez dans « Code de la carte » et scannez le code QR avec un lecteur de codes (ou collez le code), puis appuyez sur Entrée ou cliquez sur « Vérifier ».',
      'Sans lecteur, cliquez sur « Scanner avec la caméra » et présentez le code QR devant la caméra.',
      'Lisez le verdict : « Carte valide », « Carte expirée », « Carte révoquée » ou « Carte falsifiée ou illisible », puis les « Informations de la carte » (numéro, nom, dates).',
    ],
    refused: [
      '« Carte falsifiée ou illisible » : ne vous fiez pas aux informations affichées ; refusez la carte et signalez-la.',
      "« Carte révoquée » : la carte ne doit plus être acceptée ; l'adhérent doit s'adresser au bureau.",
      "« La clé de vérification des cartes est indisponible » : connectez l'ordinateur au réseau une première fois pour la charger.",
      "« L'accès à la caméra a été refusé » : autorisez la caméra dans les réglages du navigateur, ou utilisez un lecteur de codes.",
    ],
  },
];
