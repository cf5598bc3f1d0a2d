// How a member's history names its fields and coded values: the form's labels (in the form's order), then
// the synchronised record's family flags, and the photo.
import type { FieldLabels, ValueNames } from '../history/display';
import { fr } from '../../shared/locale/fr';

export const MEMBER_HISTORY_LABELS: FieldLabels = {
  ...fr.members.fields,
  ...fr.synchronization.conflicts.fields,
  member_photoVersion: fr.history.photo,
};

export const MEMBER_HISTORY_VALUES: ValueNames = {
  member_gender: fr.members.genders,
};
