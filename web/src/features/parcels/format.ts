// How a parcel's area and GPS point read in French.
import { fr } from '../../shared/locale/fr';

const hectares = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 2 });
const degrees = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 6 });

/** "2,5 ha"; empty without an area. */
export function formatArea(area: number | null | undefined): string {
  return typeof area === 'number' ? fr.parcels.hectares(hectares.format(area)) : '';
}

/** "6,82706 ; -5,2768"; empty without a point. */
export function formatPoint(latitude: number | null | undefined, longitude: number | null | undefined): string {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return '';
  return `${degrees.format(latitude)} ; ${degrees.format(longitude)}`;
}
