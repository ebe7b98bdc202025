import type { Gender } from '@careslot/contracts';
import type { Random } from './ids';

/** Name pools for generated people: common US given and family names across backgrounds. */
export const FEMALE_NAMES = [
  'Olivia',
  'Emma',
  'Sophia',
  'Isabella',
  'Ava',
  'Mia',
  'Amelia',
  'Harper',
  'Evelyn',
  'Abigail',
  'Emily',
  'Elena',
  'Priya',
  'Aisha',
  'Mei',
  'Hana',
  'Yuna',
  'Linh',
  'Camila',
  'Sofia',
  'Valeria',
  'Grace',
  'Chloe',
  'Nora',
  'Leah',
  'Zoe',
  'Hannah',
  'Maya',
  'Naomi',
  'Ruth',
  'Fatima',
  'Ananya',
  'Rachel',
  'Julia',
  'Claire',
  'Lucia',
  'Adaeze',
];
export const MALE_NAMES = [
  'Liam',
  'Noah',
  'Oliver',
  'Elijah',
  'James',
  'William',
  'Benjamin',
  'Lucas',
  'Henry',
  'Alexander',
  'Daniel',
  'Michael',
  'Mateo',
  'Santiago',
  'Diego',
  'Arjun',
  'Rohan',
  'Wei',
  'Kenji',
  'Minjun',
  'Duc',
  'Omar',
  'Samuel',
  'David',
  'Joseph',
  'Thomas',
  'Andrew',
  'Gabriel',
  'Isaac',
  'Nathan',
  'Ethan',
  'Aaron',
  'Kwame',
  'Tariq',
  'Julian',
];
export const FAMILY_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Patel',
  'Shah',
  'Kim',
  'Park',
  'Chen',
  'Wang',
  'Tanaka',
  'Okafor',
  'Cohen',
  'Murphy',
  'Sullivan',
  'Brooks',
  'Price',
  'Bennett',
  'Foster',
  'Hughes',
  'Ortiz',
  'Reyes',
  'Morales',
];

/** Portrait files shipped in apps/web/public/avatars; the web app serves them at these paths. */
export const PORTRAITS: Record<'Female' | 'Male', string[]> = {
  Female: [1, 2, 3, 4, 5, 6].map((n) => `/avatars/provider-f${n}.svg`),
  Male: [1, 2, 3, 4, 5, 6].map((n) => `/avatars/provider-m${n}.svg`),
};

export const SERVICE_IMAGES = {
  lab: '/avatars/service-lab.svg',
  vaccine: '/avatars/service-vaccine.svg',
  imaging: '/avatars/service-imaging.svg',
  heart: '/avatars/service-heart.svg',
} as const;

export function randomPerson(
  random: Random,
  gender?: Gender,
): { given: string; family: string; gender: Gender } {
  const g: Gender = gender ?? (random.chance(0.5) ? 'Female' : 'Male');
  const given = random.pick(g === 'Female' ? FEMALE_NAMES : MALE_NAMES);
  return { given, family: random.pick(FAMILY_NAMES), gender: g };
}

/** Phone numbers in the 555-01xx block, which the North American numbering plan reserves for fiction. */
export function fictionalPhone(areaCode: string, n: number): string {
  return `(${areaCode}) 555-${String(100 + (n % 100)).padStart(4, '0')}`;
}

const SPOKEN = [
  ['es', 0.3],
  ['zh-CN', 0.08],
  ['vi', 0.05],
  ['ko', 0.05],
  ['hi', 0.06],
  ['fr', 0.05],
  ['ru', 0.04],
  ['ar', 0.04],
  ['tl', 0.04],
] as const;

export function randomLanguages(random: Random): string[] {
  return ['en', ...SPOKEN.filter(([, p]) => random.chance(p)).map(([code]) => code)];
}

const ABOUT_OPENINGS = [
  'is a board-certified',
  'is a compassionate, board-certified',
  'is an experienced',
  'is a dedicated',
];
const ABOUT_FOCUS = [
  'preventive care and long-term relationships with patients and their families',
  'clear explanations and shared decisions about every treatment plan',
  'evidence-based care with an emphasis on lifestyle and prevention',
  'caring for patients with complex, chronic conditions',
  'same-week appointments and prompt follow-up',
  'minimally invasive treatment options and fast recovery',
];

export function aboutText(
  random: Random,
  who: { name: string; gender: Gender | null },
  specialty: string,
  practice: string,
  city: string,
  years: number,
): string {
  const pronoun = who.gender === 'Female' ? 'She' : who.gender === 'Male' ? 'He' : 'They';
  const verb = pronoun === 'They' ? 'focus' : 'focuses';
  const kind = specialty.replace(/ \(.*\)$/, '');
  return (
    `${who.name} ${random.pick(ABOUT_OPENINGS)} ${kind} seeing patients at ${practice} in ${city}. ` +
    `With ${years} years in practice, ${pronoun.toLowerCase()} ${verb} on ${random.pick(ABOUT_FOCUS)}.`
  );
}
