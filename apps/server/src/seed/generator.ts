import type { Connection } from '../platform/db';
import { planId, specialtyId } from './catalog';
import { createRandom, npiFromBase, seedId } from './ids';
import type { DirectorySeed, LocationSeed, OrganizationSeed, PractitionerSeed } from './directory-rows';
import { writeDirectory } from './directory-rows';
import { seedDemoSchedules } from './schedules';
import { seedProviderSearch } from './search';
import { aboutText, fictionalPhone, PORTRAITS, randomLanguages, randomPerson } from './people';
import { INSURANCE_CARRIERS, SPECIALTIES, STATE_TIME_ZONES } from './reference-data';

export const GENERATOR_WORKFLOW = 'careslot_bench_seed';
const PROVIDERS_PER_PRACTICE = 20;
const PRACTICE_SUFFIXES = [
  'Family Health',
  'Medical Associates',
  'Specialty Care',
  'Health Partners',
  'Medical Group',
  'Clinic',
];
const STREETS = [
  'Main Street',
  'Oak Avenue',
  'Maple Drive',
  'Washington Boulevard',
  'Park Avenue',
  'Lakeview Road',
  'Elm Street',
  'Medical Center Drive',
  'Hospital Way',
  'Broadway',
];

interface ZipRow {
  code: string;
  city: string;
  state_code: string;
  county: string | null;
  latitude: number | null;
  longitude: number | null;
}

export interface GenerateOptions {
  providers: number;
  seed: number;
}

/**
 * A larger directory for benchmarks: practices of about twenty providers, each with one to three facilities
 * at real zip codes drawn across the 50 states and DC. The same --seed gives the same data; a second run
 * with the same seed is refused (its ids already exist) rather than duplicating rows.
 */
export async function generateDirectory(
  connection: Connection,
  options: GenerateOptions,
): Promise<DirectorySeed> {
  const random = createRandom(options.seed);
  const zips = await connection.query<ZipRow>(
    `select code, city, state_code, county, latitude, longitude from zip_codes
     where state_code = any($1::text[]) and latitude is not null order by code`,
    [Object.keys(STATE_TIME_ZONES).filter((s) => !['PR', 'GU', 'VI', 'AS', 'MP'].includes(s))],
  );
  if (zips.length === 0) throw new Error('The zip code catalog is empty; load the reference data first.');
  const plans = INSURANCE_CARRIERS.flatMap((c) => c.plans.map(([plan]) => planId(c.name, plan)));
  const practiceCount = Math.ceil(options.providers / PROVIDERS_PER_PRACTICE);
  const organizations: OrganizationSeed[] = [];
  const locations: LocationSeed[] = [];
  const locationPlans: DirectorySeed['locationPlans'] = [];
  const key = (name: string) => seedId(`bulk:${options.seed}:${name}`);
  // Practice names are unique ignoring case and spaces (organizations_name_key): a drawn name already held,
  // here or in the database, is numbered.
  const nameKey = (name: string) => name.replace(/\s+/g, '').toLowerCase();
  const heldNames = new Set(
    (await connection.query<{ name: string }>('select name from organizations')).map((r) => nameKey(r.name)),
  );
  const freeName = (drawn: string) => {
    let name = drawn;
    for (let n = 2; heldNames.has(nameKey(name)); n += 1) name = `${drawn} ${n}`;
    heldNames.add(nameKey(name));
    return name;
  };

  for (let pi = 0; pi < practiceCount; pi += 1) {
    const home = random.pick(zips);
    const id = key(`practice:${pi}`);
    const area = String(random.int(201, 989));
    organizations.push({
      id,
      name: freeName(`${home.city} ${random.pick(PRACTICE_SUFFIXES)}`),
      phone: fictionalPhone(area, pi),
      email: `office${pi}@bench.careslot.health`,
      website: null,
      address1: `${random.int(10, 9999)} ${random.pick(STREETS)}`,
      city: home.city,
      state: home.state_code,
      zipCode: home.code,
      timeZone: STATE_TIME_ZONES[home.state_code] ?? 'America/New_York',
      identifier: {
        system: `https://ehr.bench.careslot.health/${options.seed}`,
        value: `Organization-${pi}`,
      },
      hasReputationEnabled: random.chance(0.3),
      logoUrl: null,
    });
    // Facilities of one practice sit in neighbouring zip codes of the same area.
    const homeIndex = zips.indexOf(home);
    const facilityCount = random.int(1, 3);
    for (let fi = 0; fi < facilityCount; fi += 1) {
      const zip = zips[Math.min(zips.length - 1, homeIndex + fi * random.int(1, 4))]!;
      const contact = randomPerson(random);
      const locationId = key(`location:${pi}:${fi}`);
      locations.push({
        id: locationId,
        organizationId: id,
        name: `${zip.city} ${fi === 0 ? 'Main Office' : `Office ${fi + 1}`}`,
        timeZone: STATE_TIME_ZONES[zip.state_code] ?? 'America/New_York',
        address1: `${random.int(10, 9999)} ${random.pick(STREETS)}`,
        address2: random.chance(0.5) ? `Suite ${random.int(100, 900)}` : null,
        city: zip.city,
        state: zip.state_code,
        zipCode: zip.code,
        county: zip.county,
        latitude: zip.latitude,
        longitude: zip.longitude,
        phone: fictionalPhone(area, pi * 3 + fi),
        emails: [`frontdesk${pi}-${fi}@bench.careslot.health`],
        checkInEnabled: random.chance(0.5),
        contact: {
          prefix: contact.gender === 'Female' ? 'Ms.' : 'Mr.',
          first: contact.given,
          last: contact.family,
          suffix: null,
        },
      });
      for (const plan of random.sample(plans, random.int(8, 20)))
        locationPlans.push({ locationId, planId: plan });
    }
  }

  const practitioners: PractitionerSeed[] = [];
  for (let i = 0; i < options.providers; i += 1) {
    const organization = organizations[Math.floor(i / PROVIDERS_PER_PRACTICE)]!;
    const own = locations.filter((l) => l.organizationId === organization.id);
    const location = random.pick(own);
    const specialty = random.pick(SPECIALTIES);
    const person = randomPerson(random);
    const id = key(`practitioner:${i}`);
    const name = `Dr. ${person.given} ${person.family}`;
    const accepted = locationPlans
      .filter((p) => p.locationId === location.id && random.chance(0.8))
      .map((p) => p.planId);
    practitioners.push({
      id,
      prefix: 'Dr.',
      given: [person.given],
      family: person.family,
      suffix: random.chance(0.8) ? 'MD' : 'DO',
      title: 'Dr.',
      gender: person.gender,
      // '2' + three digits of the seed + five of the index: unique within a run and across seeds below 1000.
      npi: npiFromBase(`2${String(options.seed % 1000).padStart(3, '0')}${String(i).padStart(5, '0')}`),
      email: `provider${i}.${options.seed}@bench.careslot.health`,
      phone: location.phone,
      photoUrl: random.chance(0.7)
        ? random.pick(PORTRAITS[person.gender === 'Female' ? 'Female' : 'Male'])
        : null,
      hidePublicProfile: random.chance(0.05),
      languages: randomLanguages(random),
      about: aboutText(
        random,
        { name, gender: person.gender },
        specialty,
        organization.name,
        location.city,
        random.int(2, 35),
      ),
      specialtyIds: [specialtyId(specialty)],
      identifiers: [
        {
          system: `https://ehr.bench.careslot.health/${options.seed}`,
          value: `Doctor-${i}`,
          use: 'official',
        },
      ],
      role: {
        id: key(`role:${i}`),
        organizationId: organization.id,
        codes: ['provider'],
        locationIds: own.length > 1 && random.chance(0.3) ? own.map((l) => l.id) : [location.id],
      },
      acceptedPlanIds: accepted,
    });
  }
  return {
    organizations,
    locations,
    locationPlans,
    practitioners,
    services: [],
    careTeams: [],
    patients: [],
    relatedPersons: [],
    coverages: [],
  };
}

export async function seedGeneratedDirectory(connection: Connection, options: GenerateOptions) {
  const seed = await generateDirectory(connection, options);
  await writeDirectory(connection, seed, GENERATOR_WORKFLOW);
  // The same weekly hours as the demo providers, and the search rows, so benchmarks search real data.
  const schedules = await seedDemoSchedules(connection);
  const searchRows = await seedProviderSearch(connection);
  return {
    schedules,
    searchRows,
    organizations: seed.organizations.length,
    locations: seed.locations.length,
    practitioners: seed.practitioners.length,
  };
}
