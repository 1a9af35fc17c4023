import { customAudienceTermsUrl, type GraphGeoLocations, type GraphTargeting } from '../types.ts';
import { audienceIssue } from './audiences.ts';
import { AD_SUBCODES, adsRefusal, termsNotAccepted } from './errors.ts';
import type { NodeContext } from './nodes.ts';
import { cityByKey, interestById, regionByKey } from './search.ts';
import type { SandboxAdAccount } from './store.ts';

/*
 * An ad set's targeting as Meta checks it: a location, ages within 18–65, known region, city and
 * interest keys (answered back with their names, as Graph does), custom audiences of the account that
 * are ready and large enough, and the account's Custom Audience terms accepted before any is used.
 * Meta bounds a targeting spec's size without publishing one number; the sandbox keeps to 25 interests.
 */

export const MAX_INTERESTS = 25;
const MIN_AGE = 18;
const MAX_AGE = 65;
/** A city's radius, as Meta takes it: 10–80 km or 6–50 miles. */
const RADIUS = { kilometer: [10, 80], mile: [6, 50] } as const;
const PLATFORMS = ['facebook', 'instagram', 'audience_network', 'messenger'];
const FACEBOOK_POSITIONS = [
  'feed',
  'right_hand_column',
  'marketplace',
  'video_feeds',
  'story',
  'search',
  'instream_video',
  'facebook_reels',
];
const INSTAGRAM_POSITIONS = ['stream', 'story', 'explore', 'explore_home', 'reels', 'profile_feed', 'ig_search'];

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Meta's 1487079, "the specified targeting spec is not valid because…". */
const invalid = (reason: string) =>
  adsRefusal(AD_SUBCODES.invalidTargeting, 'Invalid Targeting Spec', `The specified targeting spec is not valid because: ${reason}`);

function listOf(value: unknown, field: string): unknown[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw invalid(`Invalid data for field ${field}: it must be a list.`);
  return value;
}

function checkLocations(raw: unknown): GraphGeoLocations {
  if (!isObject(raw)) throw invalid('Location is required. Add at least one country, region or city to geo_locations.');
  const countries = listOf(raw.countries, 'geo_locations[countries]').map(String);
  const wrongCountry = countries.find((country) => !/^[A-Z]{2}$/.test(country));
  if (wrongCountry !== undefined) throw invalid(`Invalid data for field geo_locations: ${wrongCountry} is not a country code.`);
  const regions = listOf(raw.regions, 'geo_locations[regions]').map((entry) => {
    const key = String(isObject(entry) ? entry.key : '');
    const region = regionByKey(key);
    if (!region) throw invalid(`Invalid data for field geo_locations: the region key ${key} doesn't exist.`);
    return { key: region.key, name: region.name, country: 'CL' };
  });
  const cities = listOf(raw.cities, 'geo_locations[cities]').map((entry) => {
    const fields = isObject(entry) ? entry : {};
    const key = String(fields.key ?? '');
    const city = cityByKey(key);
    if (!city) throw invalid(`Invalid data for field geo_locations: the city key ${key} doesn't exist.`);
    const unit = fields.distance_unit === undefined ? 'kilometer' : String(fields.distance_unit);
    if (unit !== 'kilometer' && unit !== 'mile')
      throw invalid(`Invalid data for field geo_locations: distance_unit must be kilometer or mile.`);
    const radius = fields.radius === undefined ? undefined : Number(fields.radius);
    const [least, most] = RADIUS[unit];
    if (radius !== undefined && !(radius >= least && radius <= most))
      throw invalid(`Invalid data for field geo_locations: a city's radius must be between ${least} and ${most} ${unit}s.`);
    return {
      key: city.key,
      name: city.name,
      region: regionByKey(city.regionKey)!.name,
      region_id: city.regionKey,
      country: 'CL',
      ...(radius === undefined ? {} : { radius, distance_unit: unit as 'kilometer' | 'mile' }),
    };
  });
  if (countries.length + regions.length + cities.length === 0)
    throw invalid('Location is required. Add at least one country, region or city to geo_locations.');
  const locationTypes = listOf(raw.location_types, 'geo_locations[location_types]').map(String);
  if (locationTypes.some((type) => type !== 'home' && type !== 'recent'))
    throw invalid('Invalid data for field geo_locations: location_types must be home or recent.');
  return {
    ...(countries.length ? { countries } : {}),
    ...(regions.length ? { regions } : {}),
    ...(cities.length ? { cities } : {}),
    ...(locationTypes.length ? { location_types: locationTypes as Array<'home' | 'recent'> } : {}),
  };
}

function checkAge(value: unknown, field: 'age_min' | 'age_max'): number | undefined {
  if (value === undefined) return undefined;
  const age = Number(value);
  if (!Number.isInteger(age)) throw invalid(`${field} must be a whole number.`);
  if (age < MIN_AGE) throw invalid(`${field} must be at least ${MIN_AGE}.`);
  if (age > MAX_AGE) throw invalid(`${field} must be at most ${MAX_AGE} (65 means 65 and older).`);
  return age;
}

function checkSubset(value: unknown, field: string, allowed: readonly string[]): string[] | undefined {
  if (value === undefined) return undefined;
  const entries = listOf(value, field).map(String);
  const wrong = entries.find((entry) => !allowed.includes(entry));
  if (wrong !== undefined) throw invalid(`Invalid data for field ${field}: ${wrong} is not one of ${allowed.join(', ')}.`);
  return entries;
}

function checkInterests(raw: unknown): GraphTargeting['flexible_spec'] {
  if (raw === undefined) return undefined;
  let count = 0;
  const spec = listOf(raw, 'flexible_spec').map((entry) => {
    const interests = listOf(isObject(entry) ? entry.interests : undefined, 'flexible_spec[interests]').map((item) => {
      const id = String(isObject(item) ? item.id : item);
      const found = interestById(id);
      if (!found) throw invalid(`Invalid data for field flexible_spec: the interest ${id} doesn't exist or can no longer be targeted.`);
      return { id: found.id, name: found.name };
    });
    count += interests.length;
    return { interests };
  });
  if (count > MAX_INTERESTS)
    throw adsRefusal(
      AD_SUBCODES.tooManyInterests,
      'Too Many Interests',
      `Your ad set targets ${count} interests. Use at most ${MAX_INTERESTS} interests in one ad set.`,
    );
  return spec;
}

/** The account's custom audiences named, each usable: the terms accepted, the audience ready and large enough. */
function checkAudiences(raw: unknown, field: string, account: SandboxAdAccount, context: NodeContext, mustDeliver: boolean) {
  if (raw === undefined) return undefined;
  const entries = listOf(raw, field);
  if (entries.length > 0 && !account.termsAccepted.has('custom_audience_tos'))
    throw termsNotAccepted(customAudienceTermsUrl(context.urls.business, account.id));
  return entries.map((entry) => {
    const id = String(isObject(entry) ? entry.id : entry);
    const audience = context.store.adObject(account, id, 'CustomAudience');
    if (!audience || audience.deleted)
      throw invalid(`Invalid data for field ${field}: the custom audience ${id} doesn't exist in this ad account.`);
    const issue = mustDeliver ? audienceIssue(account, id, context) : null;
    if (issue === 'matching')
      throw adsRefusal(
        AD_SUBCODES.audienceNotReady,
        'Custom Audience Not Ready',
        `Your custom audience "${audience.name}" is still being updated. You can use it once Meta has finished finding the people in it.`,
      );
    if (issue === 'small')
      throw adsRefusal(
        AD_SUBCODES.audienceTooSmall,
        'Custom Audience Too Small',
        `Your custom audience "${audience.name}" is too small: an audience needs at least 100 people for ads to be delivered. Add more people to it, or choose another audience.`,
      );
    return { id: audience.id, name: audience.name };
  });
}

export function checkTargeting(raw: unknown, account: SandboxAdAccount, context: NodeContext): GraphTargeting {
  if (!isObject(raw)) throw invalid('targeting must be a JSON object.');
  const ageMin = checkAge(raw.age_min, 'age_min');
  const ageMax = checkAge(raw.age_max, 'age_max');
  if (ageMin !== undefined && ageMax !== undefined && ageMin > ageMax) throw invalid('age_min must not be greater than age_max.');
  const genders = raw.genders === undefined ? undefined : listOf(raw.genders, 'genders').map(Number);
  if (genders?.some((gender) => gender !== 1 && gender !== 2))
    throw invalid('genders must be [1] (men), [2] (women) or left out (everyone).');
  const targeting: GraphTargeting = {
    geo_locations: checkLocations(raw.geo_locations),
    ...(ageMin === undefined ? {} : { age_min: ageMin }),
    ...(ageMax === undefined ? {} : { age_max: ageMax }),
    ...(genders?.length ? { genders: genders as Array<1 | 2> } : {}),
  };
  const flexible = checkInterests(raw.flexible_spec);
  if (flexible) targeting.flexible_spec = flexible;
  const audiences = checkAudiences(raw.custom_audiences, 'custom_audiences', account, context, true);
  if (audiences) targeting.custom_audiences = audiences;
  const excluded = checkAudiences(raw.excluded_custom_audiences, 'excluded_custom_audiences', account, context, false);
  if (excluded) targeting.excluded_custom_audiences = excluded;
  const platforms = checkSubset(raw.publisher_platforms, 'publisher_platforms', PLATFORMS);
  if (platforms) targeting.publisher_platforms = platforms as GraphTargeting['publisher_platforms'];
  const facebook = checkSubset(raw.facebook_positions, 'facebook_positions', FACEBOOK_POSITIONS);
  if (facebook) targeting.facebook_positions = facebook;
  const instagram = checkSubset(raw.instagram_positions, 'instagram_positions', INSTAGRAM_POSITIONS);
  if (instagram) targeting.instagram_positions = instagram;
  return targeting;
}
