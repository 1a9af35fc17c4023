import { enumParameter, invalidParameter, requiredParameter } from './errors.ts';
import type { GraphParams } from './params.ts';

/*
 * Targeting search (`GET /search?type=adgeolocation|adinterest&q=…`) over fixed lists: Chile's 16
 * regions and its main cities, and interests a store's ads use. The keys and ids are the sandbox's own,
 * stable from run to run, in the ranges Meta's have (regions a few digits, cities seven, interests the
 * 13-digit 6003… ids). Names are as Meta answers a Spanish-speaking person (`locale=es_LA`); search
 * ignores case and accents, as Meta's does.
 */

export interface SandboxRegion {
  key: string;
  name: string;
}

export interface SandboxCity {
  key: string;
  name: string;
  regionKey: string;
}

export const CHILE_REGIONS: readonly SandboxRegion[] = [
  { key: '2341', name: 'Arica y Parinacota' },
  { key: '2342', name: 'Tarapacá' },
  { key: '2343', name: 'Antofagasta' },
  { key: '2344', name: 'Atacama' },
  { key: '2345', name: 'Coquimbo' },
  { key: '2346', name: 'Valparaíso' },
  { key: '2347', name: 'Región Metropolitana de Santiago' },
  { key: '2348', name: "Libertador General Bernardo O'Higgins" },
  { key: '2349', name: 'Maule' },
  { key: '2350', name: 'Ñuble' },
  { key: '2351', name: 'Biobío' },
  { key: '2352', name: 'La Araucanía' },
  { key: '2353', name: 'Los Ríos' },
  { key: '2354', name: 'Los Lagos' },
  { key: '2355', name: 'Aysén del General Carlos Ibáñez del Campo' },
  { key: '2356', name: 'Magallanes y de la Antártica Chilena' },
];

export const CHILE_CITIES: readonly SandboxCity[] = [
  { key: '2673660', name: 'Santiago', regionKey: '2347' },
  { key: '2673661', name: 'Puente Alto', regionKey: '2347' },
  { key: '2673662', name: 'Maipú', regionKey: '2347' },
  { key: '2673663', name: 'Las Condes', regionKey: '2347' },
  { key: '2673664', name: 'Providencia', regionKey: '2347' },
  { key: '2673665', name: 'Ñuñoa', regionKey: '2347' },
  { key: '2673670', name: 'Valparaíso', regionKey: '2346' },
  { key: '2673671', name: 'Viña del Mar', regionKey: '2346' },
  { key: '2673672', name: 'Quilpué', regionKey: '2346' },
  { key: '2673680', name: 'Concepción', regionKey: '2351' },
  { key: '2673681', name: 'Talcahuano', regionKey: '2351' },
  { key: '2673682', name: 'Los Ángeles', regionKey: '2351' },
  { key: '2673690', name: 'La Serena', regionKey: '2345' },
  { key: '2673691', name: 'Coquimbo', regionKey: '2345' },
  { key: '2673700', name: 'Antofagasta', regionKey: '2343' },
  { key: '2673701', name: 'Calama', regionKey: '2343' },
  { key: '2673710', name: 'Temuco', regionKey: '2352' },
  { key: '2673720', name: 'Rancagua', regionKey: '2348' },
  { key: '2673730', name: 'Talca', regionKey: '2349' },
  { key: '2673731', name: 'Curicó', regionKey: '2349' },
  { key: '2673740', name: 'Arica', regionKey: '2341' },
  { key: '2673750', name: 'Iquique', regionKey: '2342' },
  { key: '2673751', name: 'Alto Hospicio', regionKey: '2342' },
  { key: '2673760', name: 'Puerto Montt', regionKey: '2354' },
  { key: '2673761', name: 'Osorno', regionKey: '2354' },
  { key: '2673770', name: 'Chillán', regionKey: '2350' },
  { key: '2673780', name: 'Valdivia', regionKey: '2353' },
  { key: '2673790', name: 'Punta Arenas', regionKey: '2356' },
  { key: '2673800', name: 'Copiapó', regionKey: '2344' },
  { key: '2673810', name: 'Coyhaique', regionKey: '2355' },
];

export interface SandboxInterest {
  id: string;
  name: string;
  path: readonly string[];
  /** Meta's estimate of the people it reaches, as a range. */
  lower: number;
  upper: number;
}

const interest = (id: string, name: string, path: readonly string[], lower: number): SandboxInterest => ({
  id,
  name,
  path: [...path, name],
  lower,
  // Meta's ranges are about 18 % wide.
  upper: Math.round(lower * 1.18),
});

const SHOPPING = ['Intereses', 'Compras y moda'];
const FITNESS = ['Intereses', 'Fitness y bienestar'];
const HOME = ['Intereses', 'Familia y relaciones'];
const FOOD = ['Intereses', 'Comida y bebida'];
const TECH = ['Intereses', 'Tecnología'];
const HOBBIES = ['Intereses', 'Pasatiempos y actividades'];

export const INTERESTS: readonly SandboxInterest[] = [
  interest('6003348604581', 'Moda', SHOPPING, 1_012_345_678),
  interest('6003346592981', 'Ropa', SHOPPING, 868_114_200),
  interest('6003255640088', 'Zapatillas', [...SHOPPING, 'Calzado'], 402_118_900),
  interest('6003305411433', 'Calzado', SHOPPING, 512_930_400),
  interest('6003211414588', 'Ropa deportiva', SHOPPING, 322_418_700),
  interest('6003456388203', 'Belleza', SHOPPING, 874_552_100),
  interest('6003177794523', 'Maquillaje', [...SHOPPING, 'Belleza'], 389_204_300),
  interest('6003253594133', 'Cuidado de la piel', [...SHOPPING, 'Belleza'], 301_557_800),
  interest('6003384248805', 'Running', FITNESS, 176_442_900),
  interest('6003277229526', 'Yoga', FITNESS, 248_371_200),
  interest('6003384248806', 'Fitness', FITNESS, 701_338_400),
  interest('6003132926214', 'Decoración de interiores', HOME, 612_774_500),
  interest('6003236203524', 'Muebles', HOME, 402_661_300),
  interest('6003252179711', 'Mascotas', HOME, 688_201_900),
  interest('6003134986700', 'Paternidad', HOME, 351_990_700),
  interest('6003659420716', 'Cocina', FOOD, 903_145_600),
  interest('6003436950035', 'Café', FOOD, 402_887_100),
  interest('6003148544265', 'Vino', FOOD, 255_330_800),
  interest('6003985771306', 'Tecnología', TECH, 1_203_998_100),
  interest('6003287112540', 'Teléfonos inteligentes', TECH, 488_102_600),
  interest('6003940339466', 'Videojuegos', TECH, 642_552_900),
  interest('6003374185271', 'Jardinería', HOBBIES, 289_447_300),
  interest('6003430696269', 'Viajes', HOBBIES, 1_104_662_800),
  interest('6003120739217', 'Fotografía', HOBBIES, 551_873_200),
  interest('6003462707303', 'Libros', HOBBIES, 497_004_600),
];

/** For comparison: lower case, without accents. */
export const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export const regionByKey = (key: string) => CHILE_REGIONS.find((region) => region.key === String(key)) ?? null;
export const cityByKey = (key: string) => CHILE_CITIES.find((city) => city.key === String(key)) ?? null;
export const interestById = (id: string) => INTERESTS.find((entry) => entry.id === String(id)) ?? null;

const LOCATION_TYPES = ['country', 'region', 'city'] as const;
const COUNTRY = { key: 'CL', name: 'Chile', country_code: 'CL', country_name: 'Chile' };

function locationTypesOf(params: GraphParams): Array<(typeof LOCATION_TYPES)[number]> {
  const raw = params.has('location_types') ? params.json('location_types') : ['country', 'region', 'city'];
  const types = Array.isArray(raw) ? raw.map(String) : [];
  const wrong = types.find((type) => !(LOCATION_TYPES as readonly string[]).includes(type));
  if (wrong !== undefined) throw enumParameter('location_types', LOCATION_TYPES);
  return types as Array<(typeof LOCATION_TYPES)[number]>;
}

/** Places of Chile whose name starts a word with `q`, regions first as Meta lists them. */
function searchLocations(params: GraphParams): Array<Record<string, unknown>> {
  const q = folded(params.text('q') ?? '').trim();
  const countryCode = (params.text('country_code') ?? 'CL').toUpperCase();
  const types = locationTypesOf(params);
  if (countryCode !== 'CL') return [];
  // A name matches from the start of any of its words on ("del mar" finds Viña del Mar).
  const matches = (name: string) => {
    const words = folded(name).split(/[\s'-]+/);
    return q === '' || words.some((_, index) => words.slice(index).join(' ').startsWith(q));
  };
  const rows: Array<Record<string, unknown>> = [];
  if (types.includes('country') && matches(COUNTRY.name))
    rows.push({ ...COUNTRY, type: 'country', supports_region: true, supports_city: true });
  if (types.includes('region'))
    for (const region of CHILE_REGIONS)
      if (matches(region.name))
        rows.push({
          key: region.key,
          name: region.name,
          type: 'region',
          country_code: 'CL',
          country_name: 'Chile',
          supports_region: true,
          supports_city: true,
        });
  if (types.includes('city'))
    for (const city of CHILE_CITIES)
      if (matches(city.name)) {
        const region = regionByKey(city.regionKey)!;
        rows.push({
          key: city.key,
          name: city.name,
          type: 'city',
          country_code: 'CL',
          country_name: 'Chile',
          region: region.name,
          region_id: Number(region.key),
          supports_region: true,
          supports_city: true,
        });
      }
  return rows;
}

/** Interests whose name contains `q`, the largest audiences first. */
function searchInterests(params: GraphParams): Array<Record<string, unknown>> {
  const q = folded(params.requiredText('q'));
  return INTERESTS.filter((entry) => folded(entry.name).includes(q))
    .sort((a, b) => b.lower - a.lower)
    .map((entry) => ({
      id: entry.id,
      name: entry.name,
      audience_size_lower_bound: entry.lower,
      audience_size_upper_bound: entry.upper,
      path: entry.path,
      description: null,
      topic: entry.path[1],
    }));
}

const SEARCH_TYPES = ['adgeolocation', 'adinterest'] as const;

/** `GET /search`'s rows, keyed for paging. */
export function targetingSearch(params: GraphParams): Array<{ key: string; row: Record<string, unknown> }> {
  const type = params.text('type');
  if (!type) throw requiredParameter('type');
  if (!(SEARCH_TYPES as readonly string[]).includes(type)) throw invalidParameter(`Unsupported search type: ${type}`);
  const rows = type === 'adgeolocation' ? searchLocations(params) : searchInterests(params);
  return rows.map((row) => ({ key: String(row.key ?? row.id), row }));
}
