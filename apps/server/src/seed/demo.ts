import type { Gender, PracticeRoleCode } from '@careslot/contracts';
import type { Connection } from '../platform/db';
import { planId, specialtyId } from './catalog';
import { createRandom, npiFromBase, seedId, type Random } from './ids';
import {
  aboutText,
  fictionalPhone,
  PORTRAITS,
  randomLanguages,
  randomPerson,
  SERVICE_IMAGES,
} from './people';
import { INSURANCE_CARRIERS, type SpecialtyName } from './reference-data';
import type {
  CareTeamSeed,
  CoverageSeed,
  DirectorySeed,
  LocationSeed,
  OrganizationSeed,
  PatientSeed,
  PractitionerSeed,
  RelatedPersonSeed,
  ServiceSeed,
} from './directory-rows';
import { writeDirectory } from './directory-rows';

export const DEMO_SEED = 20261122;
export const DEMO_WORKFLOW = 'careslot_demo_seed';
export const DEMO_EMAIL_DOMAIN = 'demo.careslot.health';

/** Identifier systems of the demo records (spec 3.1: organization and legacy practitioner identifiers). */
export const DEMO_EHR_SYSTEM = 'https://ehr.demo.careslot.health';

export const DEMO_PRACTICE_IDS = [1, 2, 3].map((n) => seedId(`demo:practice:${n}`)) as [
  string,
  string,
  string,
];

export interface DemoPerson {
  key: 'patient' | 'provider' | 'staff' | 'admin' | 'provider-admin';
  email: string;
  /** The directory record: a patient id for the patient, a practitioner id for everyone else. */
  id: string;
  userType: 'Patient' | 'Practitioner';
  roles: ('patient' | PracticeRoleCode)[];
  /** The practice (PracticeId claim) of practice users; the managing practice of the patient. */
  practiceId: string;
  givenName: string;
  familyName: string;
  gender: Gender;
}

/**
 * The fixed demo people the identity module gives sign-in accounts to, by e-mail. Their ids never change.
 * Super user, support agent and financial super user have no directory record.
 */
export const DEMO_PEOPLE: readonly DemoPerson[] = [
  {
    key: 'patient',
    email: `patient@${DEMO_EMAIL_DOMAIN}`,
    id: seedId('demo:person:patient'),
    userType: 'Patient',
    roles: ['patient'],
    practiceId: DEMO_PRACTICE_IDS[0],
    givenName: 'Jordan',
    familyName: 'Ellis',
    gender: 'Female',
  },
  {
    key: 'provider',
    email: `provider@${DEMO_EMAIL_DOMAIN}`,
    id: seedId('demo:person:provider'),
    userType: 'Practitioner',
    roles: ['provider'],
    practiceId: DEMO_PRACTICE_IDS[0],
    givenName: 'Olivia',
    familyName: 'Bennett',
    gender: 'Female',
  },
  {
    key: 'staff',
    email: `staff@${DEMO_EMAIL_DOMAIN}`,
    id: seedId('demo:person:staff'),
    userType: 'Practitioner',
    roles: ['staff'],
    practiceId: DEMO_PRACTICE_IDS[0],
    givenName: 'Priya',
    familyName: 'Natarajan',
    gender: 'Female',
  },
  {
    key: 'admin',
    email: `admin@${DEMO_EMAIL_DOMAIN}`,
    id: seedId('demo:person:admin'),
    userType: 'Practitioner',
    roles: ['practiceadmin'],
    practiceId: DEMO_PRACTICE_IDS[0],
    givenName: 'Marcus',
    familyName: 'Whitfield',
    gender: 'Male',
  },
  {
    key: 'provider-admin',
    email: `provider-admin@${DEMO_EMAIL_DOMAIN}`,
    id: seedId('demo:person:provider-admin'),
    userType: 'Practitioner',
    roles: ['provider', 'practiceadmin'],
    practiceId: DEMO_PRACTICE_IDS[1],
    givenName: 'Daniel',
    familyName: 'Reyes',
    gender: 'Male',
  },
];

export function demoPerson(key: DemoPerson['key']): DemoPerson {
  return DEMO_PEOPLE.find((p) => p.key === key)!;
}

// ---------- practices and facilities ----------

interface PracticeSpec {
  name: string;
  slug: string;
  area: string;
  website: string;
  reputation: boolean;
  facilities: {
    name: string;
    address1: string;
    address2: string | null;
    city: string;
    state: string;
    zip: string;
    timeZone: string;
    area: string;
    checkIn: boolean;
  }[];
}

/** Three practices, twelve facilities in five US time zones, at real zip codes. */
const PRACTICES: PracticeSpec[] = [
  {
    name: 'Riverside Health Partners',
    slug: 'riverside',
    area: '212',
    website: 'https://riverside.demo.careslot.health',
    reputation: true,
    facilities: [
      {
        name: 'Riverside Midtown',
        address1: '425 Lexington Avenue',
        address2: 'Floor 4',
        city: 'New York',
        state: 'NY',
        zip: '10017',
        timeZone: 'America/New_York',
        area: '212',
        checkIn: true,
      },
      {
        name: 'Riverside Brooklyn Heights',
        address1: '142 Joralemon Street',
        address2: 'Suite 2B',
        city: 'Brooklyn',
        state: 'NY',
        zip: '11201',
        timeZone: 'America/New_York',
        area: '718',
        checkIn: true,
      },
      {
        name: 'Riverside Gold Coast',
        address1: '680 North Lake Shore Drive',
        address2: 'Suite 1100',
        city: 'Chicago',
        state: 'IL',
        zip: '60611',
        timeZone: 'America/Chicago',
        area: '312',
        checkIn: false,
      },
      {
        name: 'Riverside Evanston',
        address1: '1000 Central Street',
        address2: null,
        city: 'Evanston',
        state: 'IL',
        zip: '60201',
        timeZone: 'America/Chicago',
        area: '847',
        checkIn: false,
      },
    ],
  },
  {
    name: 'Summit Family Medicine',
    slug: 'summit',
    area: '303',
    website: 'https://summit.demo.careslot.health',
    reputation: false,
    facilities: [
      {
        name: 'Summit Cherry Creek',
        address1: '250 Steele Street',
        address2: 'Suite 200',
        city: 'Denver',
        state: 'CO',
        zip: '80206',
        timeZone: 'America/Denver',
        area: '303',
        checkIn: true,
      },
      {
        name: 'Summit Boulder',
        address1: '1155 Alpine Avenue',
        address2: null,
        city: 'Boulder',
        state: 'CO',
        zip: '80304',
        timeZone: 'America/Denver',
        area: '303',
        checkIn: false,
      },
      {
        name: 'Summit Arcadia',
        address1: '4350 East Camelback Road',
        address2: 'Building F',
        city: 'Phoenix',
        state: 'AZ',
        zip: '85018',
        timeZone: 'America/Phoenix',
        area: '602',
        checkIn: true,
      },
      {
        name: 'Summit Old Town Scottsdale',
        address1: '7301 East 2nd Street',
        address2: null,
        city: 'Scottsdale',
        state: 'AZ',
        zip: '85251',
        timeZone: 'America/Phoenix',
        area: '480',
        checkIn: false,
      },
    ],
  },
  {
    name: 'Pacific Coast Specialists',
    slug: 'pacific',
    area: '310',
    website: 'https://pacific.demo.careslot.health',
    reputation: true,
    facilities: [
      {
        name: 'Pacific Coast Beverly Grove',
        address1: '8635 West 3rd Street',
        address2: 'Suite 650W',
        city: 'Los Angeles',
        state: 'CA',
        zip: '90048',
        timeZone: 'America/Los_Angeles',
        area: '310',
        checkIn: true,
      },
      {
        name: 'Pacific Coast Santa Monica',
        address1: '2001 Santa Monica Boulevard',
        address2: 'Suite 880',
        city: 'Santa Monica',
        state: 'CA',
        zip: '90404',
        timeZone: 'America/Los_Angeles',
        area: '310',
        checkIn: false,
      },
      {
        name: 'Pacific Coast Hillcrest',
        address1: '3900 Fifth Avenue',
        address2: 'Suite 310',
        city: 'San Diego',
        state: 'CA',
        zip: '92103',
        timeZone: 'America/Los_Angeles',
        area: '619',
        checkIn: true,
      },
      {
        name: 'Pacific Coast First Hill',
        address1: '1100 Madison Street',
        address2: 'Suite 500',
        city: 'Seattle',
        state: 'WA',
        zip: '98104',
        timeZone: 'America/Los_Angeles',
        area: '206',
        checkIn: false,
      },
    ],
  },
];

/**
 * Sixty provider specialties: every specialty at least once, each home-page tile specialty three times
 * (in three different facilities), so every tile search finds someone.
 */
const TILE_SPECIALTIES: SpecialtyName[] = [
  'Internist',
  'Cardiologist (Heart Doctor)',
  'Neurologist',
  'Dermatologist',
  'Gastroenterologist',
  'Psychiatrist',
  'Nephrologist',
  'Orthopedic Surgeon',
  'Pain Management Specialist',
  'OB-GYN (Obstetrician-Gynecologist)',
];
const OTHER_SPECIALTIES: SpecialtyName[] = [
  'Primary Care Physician (PCP)',
  'Primary Care Physician (PCP)',
  'Primary Care Physician (PCP)',
  'Primary Care Physician (PCP)',
  'Family Physician',
  'Family Physician',
  'Family Physician',
  'Pediatrician',
  'Pediatrician',
  'Pediatrician',
  'Endocrinologist',
  'Endocrinologist',
  'Ear, Nose & Throat Doctor (ENT)',
  'Ear, Nose & Throat Doctor (ENT)',
  'Urologist',
  'Urologist',
  'Psychologist',
  'Psychologist',
  'Allergist (Immunologist)',
  'Ophthalmologist',
  'Optometrist',
  'Pulmonologist',
  'Rheumatologist',
  'Podiatrist',
  'Physical Therapist',
  'Chiropractor',
  'Oncologist',
  'Sleep Medicine Specialist',
  'Urgent Care Specialist',
  'Internist',
];
export const DEMO_PROVIDER_SPECIALTIES: SpecialtyName[] = [
  ...TILE_SPECIALTIES,
  ...TILE_SPECIALTIES,
  ...TILE_SPECIALTIES,
  ...OTHER_SPECIALTIES,
];

/** Credentials by specialty: who is an MD/DO "Dr." and who holds another degree. */
function credentialFor(
  specialty: SpecialtyName,
  random: Random,
): { prefix: string | null; suffix: string; title: string | null } {
  switch (specialty) {
    case 'Psychologist':
      return { prefix: 'Dr.', suffix: 'PsyD', title: 'Dr.' };
    case 'Physical Therapist':
      return { prefix: 'Dr.', suffix: 'DPT', title: 'Dr.' };
    case 'Chiropractor':
      return { prefix: 'Dr.', suffix: 'DC', title: 'Dr.' };
    case 'Optometrist':
      return { prefix: 'Dr.', suffix: 'OD', title: 'Dr.' };
    case 'Podiatrist':
      return { prefix: 'Dr.', suffix: 'DPM', title: 'Dr.' };
    case 'Urgent Care Specialist':
      return { prefix: null, suffix: 'FNP-C', title: 'NP' };
    default:
      return random.chance(0.2)
        ? { prefix: 'Dr.', suffix: 'DO', title: 'Dr.' }
        : { prefix: 'Dr.', suffix: 'MD', title: 'Dr.' };
  }
}

interface ZipInfo {
  county: string | null;
  latitude: number | null;
  longitude: number | null;
}

async function zipInfo(connection: Connection, codes: string[]): Promise<Map<string, ZipInfo>> {
  const rows = await connection.query<{
    code: string;
    county: string | null;
    latitude: number | null;
    longitude: number | null;
  }>('select code, county, latitude, longitude from zip_codes where code = any($1::text[])', [codes]);
  return new Map(
    rows.map((r) => [r.code, { county: r.county, latitude: r.latitude, longitude: r.longitude }]),
  );
}

const ALL_PLANS = INSURANCE_CARRIERS.flatMap((c) =>
  c.plans.map(([plan, type]) => ({
    id: planId(c.name, plan),
    carrier: c.name,
    plan,
    type,
    display: `${c.name} ${plan}`,
  })),
);

/** The fixed demo data set: deterministic, so ids, names and relations are the same on every machine. */
export async function buildDemoDirectory(connection: Connection): Promise<DirectorySeed> {
  const random = createRandom(DEMO_SEED);
  const zips = await zipInfo(
    connection,
    PRACTICES.flatMap((p) => p.facilities.map((f) => f.zip)),
  );

  const organizations: OrganizationSeed[] = [];
  const locations: LocationSeed[] = [];
  PRACTICES.forEach((practice, pi) => {
    const organizationId = DEMO_PRACTICE_IDS[pi]!;
    const head = practice.facilities[0]!;
    organizations.push({
      id: organizationId,
      name: practice.name,
      phone: fictionalPhone(practice.area, 10 + pi),
      email: `hello@${practice.slug}.${DEMO_EMAIL_DOMAIN}`,
      website: practice.website,
      address1: head.address1,
      city: head.city,
      state: head.state,
      zipCode: head.zip,
      timeZone: head.timeZone,
      identifier: { system: `${DEMO_EHR_SYSTEM}/${1001 + pi}`, value: `Organization-${1001 + pi}` },
      hasReputationEnabled: practice.reputation,
      logoUrl: null,
    });
    practice.facilities.forEach((f, fi) => {
      const zip = zips.get(f.zip);
      const contact = randomPerson(random);
      locations.push({
        id: seedId(`demo:location:${pi + 1}:${fi + 1}`),
        organizationId,
        name: f.name,
        timeZone: f.timeZone,
        address1: f.address1,
        address2: f.address2,
        city: f.city,
        state: f.state,
        zipCode: f.zip,
        county: zip?.county ?? null,
        latitude: zip?.latitude ?? null,
        longitude: zip?.longitude ?? null,
        phone: fictionalPhone(f.area, 20 + pi * 4 + fi),
        emails: [`${f.name.toLowerCase().replace(/[^a-z]+/g, '.')}@${DEMO_EMAIL_DOMAIN}`],
        checkInEnabled: f.checkIn,
        contact: {
          prefix: contact.gender === 'Female' ? 'Ms.' : 'Mr.',
          first: contact.given,
          last: contact.family,
          suffix: null,
        },
      });
    });
  });

  // Each facility accepts Medicare and a handful of carriers' plans; its providers accept most of those.
  const locationPlans = locations.flatMap((l) => {
    const carriers = new Set([
      'Medicare',
      ...random.sample(
        INSURANCE_CARRIERS.map((c) => c.name),
        8,
      ),
    ]);
    return ALL_PLANS.filter((p) => carriers.has(p.carrier)).map((p) => ({ locationId: l.id, planId: p.id }));
  });
  const plansAt = (locationId: string) =>
    locationPlans.filter((p) => p.locationId === locationId).map((p) => p.planId);

  const provider = demoPerson('provider');
  const providerAdmin = demoPerson('provider-admin');
  const femalePortraits = [...PORTRAITS.Female];
  const malePortraits = [...PORTRAITS.Male];
  const practitioners: PractitionerSeed[] = DEMO_PROVIDER_SPECIALTIES.map((specialty, i) => {
    const location = locations[i % locations.length]!;
    const organizationId = location.organizationId;
    const practice = organizations.find((o) => o.id === organizationId)!;
    // Slot 0 (Riverside Midtown) and slot 4 (Summit Cherry Creek) are the fixed demo providers.
    const fixed = i === 0 ? provider : i === 4 ? providerAdmin : null;
    const person = fixed
      ? { given: fixed.givenName, family: fixed.familyName, gender: fixed.gender }
      : randomPerson(random);
    const credential = credentialFor(specialty, random);
    const id = fixed?.id ?? seedId(`demo:practitioner:${i + 1}`);
    const sameOrgLocations = locations.filter((l) => l.organizationId === organizationId);
    const second =
      i % 3 === 0
        ? sameOrgLocations[(sameOrgLocations.indexOf(location) + 1) % sameOrgLocations.length]!
        : null;
    const locationIds = second ? [location.id, second.id] : [location.id];
    const portraits = person.gender === 'Female' ? femalePortraits : malePortraits;
    // Most providers have a portrait; a few show the default avatar, as in a real directory.
    const photoUrl = fixed || i % 5 !== 3 ? portraits[i % portraits.length]! : null;
    const displayName = `${credential.prefix ? `${credential.prefix} ` : ''}${person.given} ${person.family}`;
    const vendorId = 5000 + i;
    const accepted = plansAt(location.id).filter(() => random.chance(0.75));
    return {
      id,
      prefix: credential.prefix,
      given: [person.given],
      family: person.family,
      suffix: credential.suffix,
      title: credential.title,
      gender: person.gender,
      npi: npiFromBase(String(100_000_000 + 7_919 * (i + 1)).slice(0, 9)),
      email:
        fixed?.email ??
        `${person.given}.${person.family}.${i + 1}@${practice.website!.replace('https://', '')}`.toLowerCase(),
      phone: location.phone,
      photoUrl,
      // One provider per practice keeps a hidden public profile (booking then names the facility instead).
      hidePublicProfile: i === 11 || i === 23 || i === 35,
      languages: randomLanguages(random),
      about: aboutText(
        random,
        { name: displayName, gender: person.gender },
        specialty,
        practice.name,
        location.city,
        random.int(4, 30),
      ),
      specialtyIds: [specialtyId(specialty)],
      identifiers: [
        {
          system: `${DEMO_EHR_SYSTEM}/${1001 + DEMO_PRACTICE_IDS.indexOf(organizationId)}`,
          value: `Doctor-${vendorId}`,
          use: 'official',
        },
      ],
      role: {
        id: seedId(`demo:role:${id}:${organizationId}`),
        organizationId,
        codes: fixed?.roles.filter((r): r is PracticeRoleCode => r !== 'patient') ?? ['provider'],
        locationIds,
      },
      acceptedPlanIds: accepted.length > 0 ? accepted : plansAt(location.id).slice(0, 3),
    };
  });

  // The two fixed practice users who are not providers: no NPI, no specialty, no public profile.
  for (const person of [demoPerson('staff'), demoPerson('admin')]) {
    const practiceLocations = locations.filter((l) => l.organizationId === person.practiceId);
    practitioners.push({
      id: person.id,
      prefix: person.gender === 'Female' ? 'Ms.' : 'Mr.',
      given: [person.givenName],
      family: person.familyName,
      suffix: null,
      title: null,
      gender: person.gender,
      npi: null,
      email: person.email,
      phone: practiceLocations[0]!.phone,
      photoUrl: null,
      hidePublicProfile: true,
      languages: ['en'],
      about: null,
      specialtyIds: [],
      identifiers: [
        {
          system: `${DEMO_EHR_SYSTEM}/1001`,
          value: `Practitioner-${person.key === 'staff' ? 6001 : 6002}`,
          use: 'official',
        },
      ],
      role: {
        id: seedId(`demo:role:${person.id}:${person.practiceId}`),
        organizationId: person.practiceId,
        codes: person.roles.filter((r): r is PracticeRoleCode => r !== 'patient'),
        locationIds:
          person.key === 'staff'
            ? practiceLocations.slice(0, 2).map((l) => l.id)
            : practiceLocations.map((l) => l.id),
      },
      acceptedPlanIds: [],
    });
  }

  const services = buildServices(locations);
  const careTeams = buildCareTeams(practitioners);
  const { patients, relatedPersons, coverages } = buildPatients(random, locations, organizations);
  return {
    organizations,
    locations,
    locationPlans,
    practitioners,
    services,
    careTeams,
    patients,
    relatedPersons,
    coverages,
  };
}

function buildServices(locations: LocationSeed[]): ServiceSeed[] {
  const at = (practice: number, ...facilities: number[]) =>
    facilities
      .map((f) => seedId(`demo:location:${practice}:${f}`))
      .filter((id) => locations.some((l) => l.id === id));
  const specs: [
    practice: number,
    name: string,
    category: string,
    image: keyof typeof SERVICE_IMAGES,
    about: string,
    facilities: number[],
  ][] = [
    [
      1,
      'Lab Draw',
      'Laboratory',
      'lab',
      'Blood draws and specimen collection for tests ordered by any provider. Fasting tests first thing in the morning.',
      [1, 2],
    ],
    [
      1,
      'Flu Shot Clinic',
      'Immunization',
      'vaccine',
      'Seasonal influenza vaccination for adults and children six months and older.',
      [1, 2, 3, 4],
    ],
    [
      1,
      'Cardiac Stress Test',
      'Diagnostic',
      'heart',
      'Treadmill exercise stress test with ECG monitoring, read by a cardiologist.',
      [1, 3],
    ],
    [
      2,
      'Lab Draw',
      'Laboratory',
      'lab',
      'Walk-in friendly blood draws and urine collection; results in the patient portal.',
      [1, 3],
    ],
    [
      2,
      'Flu Shot Clinic',
      'Immunization',
      'vaccine',
      'Flu shots for the whole family, including high-dose vaccine for adults 65 and older.',
      [1, 2, 3, 4],
    ],
    [
      2,
      'X-Ray',
      'Imaging',
      'imaging',
      'Digital radiography for chest, spine and extremities, with same-day reads.',
      [1],
    ],
    [
      3,
      'MRI',
      'Imaging',
      'imaging',
      '1.5 T wide-bore MRI for brain, spine and joint studies. Please arrive 20 minutes early.',
      [1],
    ],
    [
      3,
      'Lab Draw',
      'Laboratory',
      'lab',
      'Blood draws and specimen collection; most results within 24 hours.',
      [1, 2, 3, 4],
    ],
    [
      3,
      'COVID-19 Vaccination',
      'Immunization',
      'vaccine',
      'Updated COVID-19 vaccine for ages 6 months and older.',
      [2, 3],
    ],
    [
      3,
      'Mammogram',
      'Imaging',
      'imaging',
      '3D screening mammography read by board-certified radiologists.',
      [1, 4],
    ],
  ];
  return specs.map(([practice, name, category, image, about, facilities]) => ({
    id: seedId(`demo:service:${practice}:${name}`),
    organizationId: DEMO_PRACTICE_IDS[practice - 1]!,
    name,
    category,
    about,
    photoUrl: SERVICE_IMAGES[image],
    locationIds: at(practice, ...facilities),
  }));
}

function buildCareTeams(practitioners: PractitionerSeed[]): CareTeamSeed[] {
  const orgOf = (p: PractitionerSeed) => p.role.organizationId;
  const withSpecialty = (org: string, names: SpecialtyName[]) =>
    practitioners.filter(
      (p) => orgOf(p) === org && names.some((n) => p.specialtyIds.includes(specialtyId(n))),
    );
  const specs: [practice: number, name: string, specialties: SpecialtyName[]][] = [
    [1, 'Heart Health Team', ['Cardiologist (Heart Doctor)', 'Internist']],
    [
      2,
      'Diabetes Care Team',
      ['Endocrinologist', 'Primary Care Physician (PCP)', 'Family Physician', 'Internist'],
    ],
    [3, 'Spine & Pain Team', ['Orthopedic Surgeon', 'Pain Management Specialist', 'Physical Therapist']],
    [3, 'Women’s Health Team', ['OB-GYN (Obstetrician-Gynecologist)', 'Endocrinologist']],
  ];
  return specs.map(([practice, name, specialties]) => {
    const org = DEMO_PRACTICE_IDS[practice - 1]!;
    const members = withSpecialty(org, specialties);
    const participants = members.map((p, i) => ({
      practitionerId: p.id,
      role: i === 0 ? 'Primary provider' : 'Consulting provider',
    }));
    if (practice === 1)
      participants.push({ practitionerId: demoPerson('staff').id, role: 'Care coordinator' });
    return { id: seedId(`demo:careteam:${practice}:${name}`), organizationId: org, name, participants };
  });
}

interface HouseholdSpec {
  holder: {
    first: string;
    last: string;
    gender: Gender;
    birthDate: string;
    email: string;
    preferredName?: string;
  };
  practice: number;
  facility: number;
  street: string;
  members: {
    first: string;
    gender: Gender;
    birthDate: string;
    relationship: 'Spouse' | 'Child' | 'Parent';
  }[];
  /** Carrier and plan of the primary coverage; null means self-pay. */
  plan: [carrier: string, plan: string] | null;
  secondary?: [carrier: string, plan: string];
  languages?: string[];
}

/** Twenty patients in twelve households across the three practices. */
const HOUSEHOLDS: HouseholdSpec[] = [
  {
    holder: {
      first: 'Jordan',
      last: 'Ellis',
      gender: 'Female',
      birthDate: '1988-04-17',
      email: `patient@${DEMO_EMAIL_DOMAIN}`,
    },
    practice: 1,
    facility: 1,
    street: '301 East 48th Street, Apt 12C',
    members: [
      { first: 'Sam', gender: 'Male', birthDate: '1986-09-02', relationship: 'Spouse' },
      { first: 'Riley', gender: 'Female', birthDate: '2017-06-21', relationship: 'Child' },
    ],
    plan: ['Aetna', 'Open Access Managed Choice'],
  },
  {
    holder: {
      first: 'Marcus',
      last: 'Johnson',
      gender: 'Male',
      birthDate: '1975-11-30',
      email: 'marcus.johnson@example.com',
    },
    practice: 1,
    facility: 2,
    street: '88 Remsen Street',
    members: [],
    plan: ['UnitedHealthcare', 'Choice Plus'],
  },
  {
    holder: {
      first: 'Ana',
      last: 'Martinez',
      gender: 'Female',
      birthDate: '1992-02-08',
      email: 'ana.martinez@example.com',
    },
    practice: 1,
    facility: 3,
    street: '222 East Pearson Street, Unit 1504',
    members: [{ first: 'Lucas', gender: 'Male', birthDate: '2020-12-14', relationship: 'Child' }],
    plan: ['Blue Cross Blue Shield', 'BlueCard PPO'],
    languages: ['en', 'es'],
  },
  {
    holder: {
      first: 'Harold',
      last: 'Kim',
      gender: 'Male',
      birthDate: '1949-07-04',
      email: 'harold.kim@example.com',
    },
    practice: 1,
    facility: 4,
    street: '1630 Chicago Avenue',
    members: [],
    plan: ['Medicare', 'Medicare Part B'],
    secondary: ['Humana', 'Medicare Advantage PPO'],
    languages: ['en', 'ko'],
  },
  {
    holder: {
      first: 'Emily',
      last: 'Nguyen',
      gender: 'Female',
      birthDate: '1995-05-23',
      email: 'emily.nguyen@example.com',
    },
    practice: 2,
    facility: 1,
    street: '3000 East 3rd Avenue, Apt 410',
    members: [],
    plan: ['Cigna', 'Open Access Plus'],
    languages: ['en', 'vi'],
  },
  {
    holder: {
      first: 'David',
      last: 'Okafor',
      gender: 'Male',
      birthDate: '1983-03-12',
      email: 'david.okafor@example.com',
    },
    practice: 2,
    facility: 2,
    street: '2440 Pearl Street',
    members: [
      { first: 'Grace', gender: 'Female', birthDate: '1985-08-19', relationship: 'Spouse' },
      { first: 'Nathan', gender: 'Male', birthDate: '2014-01-30', relationship: 'Child' },
    ],
    plan: ['Kaiser Permanente', 'HMO'],
  },
  {
    holder: {
      first: 'Sofia',
      last: 'Ramirez',
      gender: 'Female',
      birthDate: '1979-10-05',
      email: 'sofia.ramirez@example.com',
      preferredName: 'Sofi',
    },
    practice: 2,
    facility: 3,
    street: '5025 North Central Avenue',
    members: [],
    plan: ['Ambetter', 'Balanced Care'],
    languages: ['en', 'es'],
  },
  {
    holder: {
      first: 'Thomas',
      last: 'Wright',
      gender: 'Male',
      birthDate: '1968-12-01',
      email: 'thomas.wright@example.com',
    },
    practice: 2,
    facility: 4,
    street: '7120 East Indian School Road',
    members: [{ first: 'Ruth', gender: 'Female', birthDate: '1941-03-15', relationship: 'Parent' }],
    plan: null,
  },
  {
    holder: {
      first: 'Mei',
      last: 'Chen',
      gender: 'Female',
      birthDate: '1990-07-28',
      email: 'mei.chen@example.com',
    },
    practice: 3,
    facility: 1,
    street: '145 South Fairfax Avenue, Apt 3',
    members: [],
    plan: ['Anthem Blue Cross', 'Blue Access PPO'],
    languages: ['en', 'zh-CN'],
  },
  {
    holder: {
      first: 'Arjun',
      last: 'Patel',
      gender: 'Male',
      birthDate: '1986-01-19',
      email: 'arjun.patel@example.com',
    },
    practice: 3,
    facility: 3,
    street: '1250 University Avenue',
    members: [{ first: 'Ananya', gender: 'Female', birthDate: '2019-04-02', relationship: 'Child' }],
    plan: ['Health Net', 'PPO'],
    languages: ['en', 'hi'],
  },
  {
    holder: {
      first: 'Chloe',
      last: 'Sullivan',
      gender: 'Female',
      birthDate: '2001-09-09',
      email: 'chloe.sullivan@example.com',
    },
    practice: 3,
    facility: 4,
    street: '1521 Boren Avenue, Apt 804',
    members: [],
    plan: ['Oscar Health', 'Silver Simple'],
  },
  {
    holder: {
      first: 'Noah',
      last: 'Brooks',
      gender: 'Male',
      birthDate: '1993-06-11',
      email: 'noah.brooks@example.com',
    },
    practice: 3,
    facility: 2,
    street: '1433 Euclid Street, Apt 6',
    members: [{ first: 'Zoe', gender: 'Female', birthDate: '2022-10-03', relationship: 'Child' }],
    plan: ['UnitedHealthcare', 'Options PPO'],
  },
];

function buildPatients(random: Random, locations: LocationSeed[], organizations: OrganizationSeed[]) {
  const patients: PatientSeed[] = [];
  const relatedPersons: RelatedPersonSeed[] = [];
  const coverages: CoverageSeed[] = [];
  const demoPatient = demoPerson('patient');
  HOUSEHOLDS.forEach((house, hi) => {
    const location = locations.find(
      (l) => l.id === seedId(`demo:location:${house.practice}:${house.facility}`),
    )!;
    const organization = organizations[house.practice - 1]!;
    const holderId = hi === 0 ? demoPatient.id : seedId(`demo:patient:${hi + 1}:holder`);
    const area = location.phone.slice(1, 4);
    const base = {
      address1: house.street,
      city: location.city,
      state: location.state,
      zipCode: location.zipCode,
      managingOrganizationId: organization.id,
      timeZone: location.timeZone,
      languages: house.languages ?? ['en'],
    };
    patients.push({
      id: holderId,
      prefix: house.holder.gender === 'Female' ? 'Mrs' : house.holder.gender === 'Male' ? 'Mr' : 'Mx',
      first: house.holder.first,
      middle: null,
      last: house.holder.last,
      suffix: null,
      preferredName: house.holder.preferredName ?? null,
      birthDate: house.holder.birthDate,
      gender: house.holder.gender,
      email: house.holder.email,
      phone: null,
      mobile: fictionalPhone(area, 40 + hi),
      mobileVerified: hi % 3 !== 2,
      photoUrl: null,
      identifiers: [{ system: 'urn:careslot:mrn', value: `MRN-${String(100001 + hi * 10)}`, use: 'usual' }],
      ...base,
    });
    house.members.forEach((member, mi) => {
      const memberId = seedId(`demo:patient:${hi + 1}:member:${mi + 1}`);
      patients.push({
        id: memberId,
        prefix: member.relationship === 'Child' ? null : member.gender === 'Female' ? 'Mrs' : 'Mr',
        first: member.first,
        middle: null,
        last: house.holder.last,
        suffix: null,
        preferredName: null,
        birthDate: member.birthDate,
        gender: member.gender,
        // Family members are reached through the account holder; they have no sign-in of their own.
        email: null,
        phone: null,
        mobile: member.relationship === 'Spouse' ? fictionalPhone(area, 60 + hi) : null,
        mobileVerified: false,
        photoUrl: null,
        identifiers: [
          { system: 'urn:careslot:mrn', value: `MRN-${String(100001 + hi * 10 + mi + 1)}`, use: 'usual' },
        ],
        ...base,
      });
      relatedPersons.push({
        id: seedId(`demo:related:${holderId}:${memberId}`),
        holderId,
        memberId,
        relationship: member.relationship,
      });
    });
    if (!house.plan) return;
    const plans: [CoverageSeed['priority'], [string, string]][] = [['Primary', house.plan]];
    if (house.secondary) plans.push(['Secondary', house.secondary]);
    const subscriberNumber = `${house.plan[0].slice(0, 3).toUpperCase()}${String(random.int(10_000_000, 99_999_999))}`;
    const covered = [{ id: holderId, relationship: 'Self', dependent: null as string | null }].concat(
      house.members
        .map((m, mi) => ({
          id: seedId(`demo:patient:${hi + 1}:member:${mi + 1}`),
          // A parent is not a dependent on their child's plan; they keep their own (Medicare) coverage.
          relationship: m.relationship,
          dependent: String(mi + 1).padStart(2, '0'),
        }))
        .filter((m) => m.relationship !== 'Parent'),
    );
    for (const [priority, [carrier, plan]] of plans) {
      const meta = ALL_PLANS.find((p) => p.carrier === carrier && p.plan === plan)!;
      for (const person of covered) {
        if (priority === 'Secondary' && person.id !== holderId) continue;
        coverages.push({
          id: seedId(`demo:coverage:${person.id}:${priority}`),
          patientId: person.id,
          planId: meta.id,
          display: meta.display,
          type: meta.type,
          subscriberId:
            priority === 'Primary'
              ? subscriberNumber
              : `${carrier.slice(0, 3).toUpperCase()}${String(random.int(10_000_000, 99_999_999))}`,
          dependentNumber: person.dependent,
          relationship: person.relationship,
          subscriber: {
            patientId: holderId,
            first: house.holder.first,
            last: house.holder.last,
            gender: house.holder.gender,
            birthDate: house.holder.birthDate,
          },
          priority,
          periodStart: '2026-01-01',
          periodEnd: '2026-12-31',
          isDefault: priority === 'Primary',
        });
      }
    }
    // The parent of household 8 keeps her own Medicare coverage.
    for (const [mi, member] of house.members.entries()) {
      if (member.relationship !== 'Parent') continue;
      const id = seedId(`demo:patient:${hi + 1}:member:${mi + 1}`);
      const meta = ALL_PLANS.find((p) => p.carrier === 'Medicare')!;
      coverages.push({
        id: seedId(`demo:coverage:${id}:Primary`),
        patientId: id,
        planId: meta.id,
        display: meta.display,
        type: meta.type,
        subscriberId: `1EG4TE5MK${String(70 + hi)}`,
        dependentNumber: null,
        relationship: 'Self',
        subscriber: {
          patientId: id,
          first: member.first,
          last: house.holder.last,
          gender: member.gender,
          birthDate: member.birthDate,
        },
        priority: 'Primary',
        periodStart: '2006-04-01',
        periodEnd: null,
        isDefault: true,
      });
    }
  });
  // Household 8 (Thomas Wright) pays for himself: no primary coverage, but his mother has Medicare.
  return { patients, relatedPersons, coverages };
}

export interface DemoSeedResult {
  organizations: number;
  locations: number;
  practitioners: number;
  patients: number;
}

/** Writes the demo data set; the caller checks that the directory is empty and holds the transaction. */
export async function seedDemoDirectory(connection: Connection): Promise<DemoSeedResult> {
  const seed = await buildDemoDirectory(connection);
  await writeDirectory(connection, seed, DEMO_WORKFLOW);
  return {
    organizations: seed.organizations.length,
    locations: seed.locations.length,
    practitioners: seed.practitioners.length,
    patients: seed.patients.length,
  };
}
