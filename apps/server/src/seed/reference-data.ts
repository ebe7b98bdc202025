/**
 * The reference catalog every CareSlot database starts with. Specialty and condition names include every
 * home-page tile's search value (patient-booking.md §2.3) exactly as written there.
 */
import { PERSONAL_RELATIONS, V3_ROLE_CODE } from '@careslot/contracts';

export const SPECIALTIES = [
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
  'Primary Care Physician (PCP)',
  'Family Physician',
  'Pediatrician',
  'Endocrinologist',
  'Allergist (Immunologist)',
  'Ear, Nose & Throat Doctor (ENT)',
  'Ophthalmologist',
  'Optometrist',
  'Urologist',
  'Pulmonologist',
  'Rheumatologist',
  'Podiatrist',
  'Psychologist',
  'Physical Therapist',
  'Chiropractor',
  'Oncologist',
  'Sleep Medicine Specialist',
  'Urgent Care Specialist',
] as const;
export type SpecialtyName = (typeof SPECIALTIES)[number];

/** Each condition with the specialties that treat it (a condition search looks for these specialties). */
export const CONDITIONS: Record<string, SpecialtyName[]> = {
  Cold: [
    'Primary Care Physician (PCP)',
    'Family Physician',
    'Internist',
    'Urgent Care Specialist',
    'Pediatrician',
  ],
  Flu: [
    'Primary Care Physician (PCP)',
    'Family Physician',
    'Internist',
    'Urgent Care Specialist',
    'Pediatrician',
  ],
  Acne: ['Dermatologist'],
  'Back Pain': [
    'Orthopedic Surgeon',
    'Pain Management Specialist',
    'Chiropractor',
    'Physical Therapist',
    'Primary Care Physician (PCP)',
  ],
  'Diabetes Consultation': ['Endocrinologist', 'Internist', 'Primary Care Physician (PCP)'],
  'Ear Infection': [
    'Ear, Nose & Throat Doctor (ENT)',
    'Pediatrician',
    'Primary Care Physician (PCP)',
    'Urgent Care Specialist',
  ],
  'Annual Physical': ['Primary Care Physician (PCP)', 'Family Physician', 'Internist'],
  'Birth Control / Contraception': ['OB-GYN (Obstetrician-Gynecologist)', 'Family Physician'],
  'Stomach Pain': [
    'Gastroenterologist',
    'Primary Care Physician (PCP)',
    'Internist',
    'Urgent Care Specialist',
  ],
  'Urinary Tract Infection (UTI)': [
    'Urologist',
    'Primary Care Physician (PCP)',
    'OB-GYN (Obstetrician-Gynecologist)',
    'Urgent Care Specialist',
  ],
  Headache: ['Neurologist', 'Primary Care Physician (PCP)', 'Internist'],
  Migraine: ['Neurologist', 'Pain Management Specialist'],
  Seizures: ['Neurologist'],
  'Chest Pain': ['Cardiologist (Heart Doctor)', 'Internist'],
  'High Blood Pressure': [
    'Cardiologist (Heart Doctor)',
    'Internist',
    'Nephrologist',
    'Primary Care Physician (PCP)',
  ],
  'Heart Palpitations': ['Cardiologist (Heart Doctor)'],
  Eczema: ['Dermatologist', 'Allergist (Immunologist)'],
  Psoriasis: ['Dermatologist', 'Rheumatologist'],
  'Skin Rash': ['Dermatologist', 'Allergist (Immunologist)', 'Primary Care Physician (PCP)'],
  'Heartburn (GERD)': ['Gastroenterologist', 'Internist'],
  Colonoscopy: ['Gastroenterologist'],
  Anxiety: ['Psychiatrist', 'Psychologist'],
  Depression: ['Psychiatrist', 'Psychologist', 'Primary Care Physician (PCP)'],
  ADHD: ['Psychiatrist', 'Psychologist', 'Pediatrician'],
  'Kidney Disease': ['Nephrologist'],
  'Kidney Stones': ['Urologist', 'Nephrologist'],
  'Knee Pain': ['Orthopedic Surgeon', 'Physical Therapist', 'Pain Management Specialist'],
  'Sports Injury': ['Orthopedic Surgeon', 'Physical Therapist'],
  Arthritis: ['Rheumatologist', 'Orthopedic Surgeon'],
  'Chronic Pain': ['Pain Management Specialist'],
  'Pregnancy Care': ['OB-GYN (Obstetrician-Gynecologist)'],
  'Pap Smear': ['OB-GYN (Obstetrician-Gynecologist)', 'Family Physician'],
  'Thyroid Disorder': ['Endocrinologist'],
  Allergies: ['Allergist (Immunologist)', 'Ear, Nose & Throat Doctor (ENT)'],
  Asthma: ['Allergist (Immunologist)', 'Pulmonologist'],
  'Sinus Infection': [
    'Ear, Nose & Throat Doctor (ENT)',
    'Primary Care Physician (PCP)',
    'Urgent Care Specialist',
  ],
  'Sore Throat': [
    'Ear, Nose & Throat Doctor (ENT)',
    'Primary Care Physician (PCP)',
    'Urgent Care Specialist',
  ],
  'Eye Exam': ['Optometrist', 'Ophthalmologist'],
  Insomnia: ['Sleep Medicine Specialist', 'Psychiatrist'],
  'Sleep Apnea': ['Sleep Medicine Specialist', 'Pulmonologist'],
  'Foot Pain': ['Podiatrist', 'Orthopedic Surgeon'],
  'Well Child Visit': ['Pediatrician', 'Family Physician'],
  'Cancer Screening': ['Oncologist', 'Primary Care Physician (PCP)'],
};

/** Real US carriers with plan names they market; the payer ids are those used on electronic claims. */
export const INSURANCE_CARRIERS: { name: string; payerId: string; plans: [name: string, type: string][] }[] =
  [
    {
      name: 'Aetna',
      payerId: '60054',
      plans: [
        ['Open Access Managed Choice', 'POS'],
        ['Choice POS II', 'POS'],
        ['HMO', 'HMO'],
        ['PPO', 'PPO'],
        ['Medicare Advantage', 'Medicare'],
      ],
    },
    {
      name: 'Anthem Blue Cross',
      payerId: '47198',
      plans: [
        ['Blue Access PPO', 'PPO'],
        ['Pathway X HMO', 'HMO'],
        ['Select HMO', 'HMO'],
      ],
    },
    {
      name: 'Blue Cross Blue Shield',
      payerId: '00590',
      plans: [
        ['BlueCard PPO', 'PPO'],
        ['Blue Choice PPO', 'PPO'],
        ['HMO Blue', 'HMO'],
        ['Federal Employee Program', 'PPO'],
      ],
    },
    {
      name: 'Cigna',
      payerId: '62308',
      plans: [
        ['Open Access Plus', 'POS'],
        ['PPO', 'PPO'],
        ['HMO', 'HMO'],
        ['LocalPlus', 'EPO'],
      ],
    },
    {
      name: 'UnitedHealthcare',
      payerId: '87726',
      plans: [
        ['Choice Plus', 'POS'],
        ['Navigate', 'HMO'],
        ['Options PPO', 'PPO'],
        ['AARP Medicare Advantage', 'Medicare'],
        ['Community Plan', 'Medicaid'],
      ],
    },
    {
      name: 'Humana',
      payerId: '61101',
      plans: [
        ['Gold Plus HMO', 'Medicare'],
        ['Choice PPO', 'PPO'],
        ['Medicare Advantage PPO', 'Medicare'],
      ],
    },
    {
      name: 'Kaiser Permanente',
      payerId: '94134',
      plans: [
        ['HMO', 'HMO'],
        ['Senior Advantage', 'Medicare'],
      ],
    },
    { name: 'Medicare', payerId: '00882', plans: [['Medicare Part B', 'Medicare']] },
    { name: 'Medicaid', payerId: 'SKMD0', plans: [['Medicaid', 'Medicaid']] },
    {
      name: 'Oscar Health',
      payerId: 'OSCAR',
      plans: [
        ['Bronze Classic', 'EPO'],
        ['Silver Simple', 'EPO'],
        ['Gold Classic', 'EPO'],
      ],
    },
    {
      name: 'Ambetter',
      payerId: '68069',
      plans: [
        ['Essential Care', 'EPO'],
        ['Balanced Care', 'EPO'],
      ],
    },
    {
      name: 'Molina Healthcare',
      payerId: '38333',
      plans: [
        ['Marketplace', 'HMO'],
        ['Medicaid', 'Medicaid'],
      ],
    },
    {
      name: 'TRICARE',
      payerId: '99726',
      plans: [
        ['TRICARE Prime', 'HMO'],
        ['TRICARE Select', 'PPO'],
      ],
    },
    {
      name: 'Health Net',
      payerId: '95567',
      plans: [
        ['CommunityCare HMO', 'HMO'],
        ['PPO', 'PPO'],
      ],
    },
    {
      name: 'EmblemHealth',
      payerId: '13551',
      plans: [
        ['EPO', 'EPO'],
        ['GHI PPO', 'PPO'],
      ],
    },
    {
      name: 'Highmark',
      payerId: '54771',
      plans: [
        ['Blue Shield PPO', 'PPO'],
        ['Community Blue', 'EPO'],
      ],
    },
  ];

/** States, DC and territories with their FIPS codes (the zip data set gives names and codes, not FIPS). */
export const US_STATES: [code: string, name: string, fips: string][] = [
  ['AL', 'Alabama', '01'],
  ['AK', 'Alaska', '02'],
  ['AZ', 'Arizona', '04'],
  ['AR', 'Arkansas', '05'],
  ['CA', 'California', '06'],
  ['CO', 'Colorado', '08'],
  ['CT', 'Connecticut', '09'],
  ['DE', 'Delaware', '10'],
  ['DC', 'District of Columbia', '11'],
  ['FL', 'Florida', '12'],
  ['GA', 'Georgia', '13'],
  ['HI', 'Hawaii', '15'],
  ['ID', 'Idaho', '16'],
  ['IL', 'Illinois', '17'],
  ['IN', 'Indiana', '18'],
  ['IA', 'Iowa', '19'],
  ['KS', 'Kansas', '20'],
  ['KY', 'Kentucky', '21'],
  ['LA', 'Louisiana', '22'],
  ['ME', 'Maine', '23'],
  ['MD', 'Maryland', '24'],
  ['MA', 'Massachusetts', '25'],
  ['MI', 'Michigan', '26'],
  ['MN', 'Minnesota', '27'],
  ['MS', 'Mississippi', '28'],
  ['MO', 'Missouri', '29'],
  ['MT', 'Montana', '30'],
  ['NE', 'Nebraska', '31'],
  ['NV', 'Nevada', '32'],
  ['NH', 'New Hampshire', '33'],
  ['NJ', 'New Jersey', '34'],
  ['NM', 'New Mexico', '35'],
  ['NY', 'New York', '36'],
  ['NC', 'North Carolina', '37'],
  ['ND', 'North Dakota', '38'],
  ['OH', 'Ohio', '39'],
  ['OK', 'Oklahoma', '40'],
  ['OR', 'Oregon', '41'],
  ['PA', 'Pennsylvania', '42'],
  ['RI', 'Rhode Island', '44'],
  ['SC', 'South Carolina', '45'],
  ['SD', 'South Dakota', '46'],
  ['TN', 'Tennessee', '47'],
  ['TX', 'Texas', '48'],
  ['UT', 'Utah', '49'],
  ['VT', 'Vermont', '50'],
  ['VA', 'Virginia', '51'],
  ['WA', 'Washington', '53'],
  ['WV', 'West Virginia', '54'],
  ['WI', 'Wisconsin', '55'],
  ['WY', 'Wyoming', '56'],
  ['AS', 'American Samoa', '60'],
  ['GU', 'Guam', '66'],
  ['MP', 'Northern Mariana Islands', '69'],
  ['PR', 'Puerto Rico', '72'],
  ['VI', 'U.S. Virgin Islands', '78'],
];

/** The IANA zone most of a state lives in; generated facilities take it from their state. */
/** Moved to @careslot/domain (facility.ts): the web's location form uses the same map. */
export { STATE_TIME_ZONES } from '@careslot/domain';

type CodeList = { code: string; display: string; system?: string }[];

const BCP47 = 'urn:ietf:bcp:47';
export const LANGUAGES: CodeList = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['zh-CN', 'Chinese (Mandarin)'],
  ['yue', 'Chinese (Cantonese)'],
  ['vi', 'Vietnamese'],
  ['ko', 'Korean'],
  ['ja', 'Japanese'],
  ['tl', 'Tagalog'],
  ['ar', 'Arabic'],
  ['fr', 'French'],
  ['de', 'German'],
  ['ru', 'Russian'],
  ['hi', 'Hindi'],
  ['pt', 'Portuguese'],
  ['it', 'Italian'],
  ['pl', 'Polish'],
  ['ht', 'Haitian Creole'],
  ['ur', 'Urdu'],
  ['fa', 'Persian (Farsi)'],
  ['bn', 'Bengali'],
  ['gu', 'Gujarati'],
  ['pa', 'Punjabi'],
  ['he', 'Hebrew'],
  ['ase', 'American Sign Language'],
].map(([code, display]) => ({ code: code!, display: display!, system: BCP47 }));

// CDC Race & Ethnicity code set (PHIN VADS), the codes US certified EHRs exchange.
const CDC_RACE = 'urn:oid:2.16.840.1.113883.6.238';
const NULL_FLAVOR = 'http://terminology.hl7.org/CodeSystem/v3-NullFlavor';
export const RACES: CodeList = [
  { code: '1002-5', display: 'American Indian or Alaska Native', system: CDC_RACE },
  { code: '2028-9', display: 'Asian', system: CDC_RACE },
  { code: '2054-5', display: 'Black or African American', system: CDC_RACE },
  { code: '2076-8', display: 'Native Hawaiian or Other Pacific Islander', system: CDC_RACE },
  { code: '2106-3', display: 'White', system: CDC_RACE },
  { code: '2131-1', display: 'Other Race', system: CDC_RACE },
  { code: 'ASKU', display: 'Declined to specify', system: NULL_FLAVOR },
];
export const ETHNICITIES: CodeList = [
  { code: '2135-2', display: 'Hispanic or Latino', system: CDC_RACE },
  { code: '2186-5', display: 'Not Hispanic or Latino', system: CDC_RACE },
  { code: 'ASKU', display: 'Declined to specify', system: NULL_FLAVOR },
];

// HL7 v3 RoleCode values for personal relationships; Display is what coverages and family members store.
export const RELATIONS: CodeList = PERSONAL_RELATIONS.map(([code, display]) => ({
  code,
  display,
  system: V3_ROLE_CODE,
}));

export const PROFESSIONAL_SUFFIXES: CodeList = [
  ['MD', 'MD'],
  ['DO', 'DO'],
  ['MBBS', 'MBBS'],
  ['NP', 'NP'],
  ['FNP-C', 'FNP-C'],
  ['PA-C', 'PA-C'],
  ['DDS', 'DDS'],
  ['DMD', 'DMD'],
  ['DPM', 'DPM'],
  ['DC', 'DC'],
  ['OD', 'OD'],
  ['DPT', 'DPT'],
  ['PhD', 'PhD'],
  ['PsyD', 'PsyD'],
  ['LCSW', 'LCSW'],
  ['RN', 'RN'],
  ['FACC', 'FACC'],
  ['FACS', 'FACS'],
  ['FAAP', 'FAAP'],
].map(([code, display]) => ({ code: code!, display: display! }));

export const CANCELLATION_REASONS: CodeList = [
  ['FEELING_BETTER', 'Feeling better'],
  ['SCHEDULE_CONFLICT', 'Scheduling conflict'],
  ['FOUND_OTHER_PROVIDER', 'Found another provider'],
  ['TRANSPORTATION', 'Transportation issues'],
  ['INSURANCE', 'Insurance issue'],
  ['ILLNESS', 'Too sick to attend'],
  ['WEATHER', 'Weather'],
  ['PROVIDER_UNAVAILABLE', 'Provider unavailable'],
  ['BOOKED_BY_MISTAKE', 'Booked by mistake'],
  ['OTHER', 'Other'],
].map(([code, display]) => ({ code: code!, display: display! }));

export const BOARD_CERTIFICATIONS: CodeList = [
  ['ABAI', 'American Board of Allergy and Immunology'],
  ['ABA', 'American Board of Anesthesiology'],
  ['ABD', 'American Board of Dermatology'],
  ['ABEM', 'American Board of Emergency Medicine'],
  ['ABFM', 'American Board of Family Medicine'],
  ['ABIM', 'American Board of Internal Medicine'],
  ['ABOG', 'American Board of Obstetrics and Gynecology'],
  ['ABO', 'American Board of Ophthalmology'],
  ['ABOS', 'American Board of Orthopaedic Surgery'],
  ['ABOto', 'American Board of Otolaryngology – Head and Neck Surgery'],
  ['ABP', 'American Board of Pediatrics'],
  ['ABPMR', 'American Board of Physical Medicine and Rehabilitation'],
  ['ABPN', 'American Board of Psychiatry and Neurology'],
  ['ABU', 'American Board of Urology'],
  ['ABPM', 'American Board of Podiatric Medicine'],
  ['AOBIM', 'American Osteopathic Board of Internal Medicine'],
].map(([code, display]) => ({ code: code!, display: display! }));

/** Hospitals a practitioner may list as affiliations (the resource library's 'hospitals'). */
export const HOSPITALS: CodeList = [
  ['MGH', 'Massachusetts General Hospital'],
  ['JHH', 'The Johns Hopkins Hospital'],
  ['MAYO-RO', 'Mayo Clinic Hospital, Rochester'],
  ['CCF', 'Cleveland Clinic Main Campus'],
  ['NYP', 'NewYork-Presbyterian Hospital'],
  ['UCSF', 'UCSF Medical Center'],
  ['CSMC', 'Cedars-Sinai Medical Center'],
  ['NMH', 'Northwestern Memorial Hospital'],
  ['HMH', 'Houston Methodist Hospital'],
  ['UWMC', 'UW Medical Center'],
  ['BWH', "Brigham and Women's Hospital"],
  ['MSH', 'The Mount Sinai Hospital'],
  ['UCH', 'UCHealth University of Colorado Hospital'],
  ['EUH', 'Emory University Hospital'],
  ['VUMC', 'Vanderbilt University Medical Center'],
  ['OHSU', 'OHSU Hospital'],
].map(([code, display]) => ({ code: code!, display: display! }));

/** Common procedures (CPT codes) of the 'procedurescatalog/all' look-up. */
const CPT = 'http://www.ama-assn.org/go/cpt';
export const PROCEDURES: CodeList = [
  ['99202', 'Office visit, new patient, straightforward'],
  ['99203', 'Office visit, new patient, low complexity'],
  ['99212', 'Office visit, established patient, straightforward'],
  ['99213', 'Office visit, established patient, low complexity'],
  ['99214', 'Office visit, established patient, moderate complexity'],
  ['99385', 'Preventive visit, new patient, 18-39 years'],
  ['99395', 'Preventive visit, established patient, 18-39 years'],
  ['90471', 'Immunization administration'],
  ['93000', 'Electrocardiogram, complete'],
  ['36415', 'Routine venipuncture'],
  ['81002', 'Urinalysis, non-automated, without microscopy'],
  ['87880', 'Rapid strep test'],
  ['11102', 'Tangential biopsy of skin, single lesion'],
  ['17110', 'Destruction of benign lesions, up to 14'],
  ['20610', 'Arthrocentesis, major joint'],
  ['92004', 'Eye exam, new patient, comprehensive'],
  ['D1110', 'Prophylaxis cleaning, adult'],
  ['97110', 'Therapeutic exercise, each 15 minutes'],
].map(([code, display]) => ({ code: code!, display: display!, system: CPT }));

export const CODE_LISTS = {
  language: LANGUAGES,
  race: RACES,
  ethnicity: ETHNICITIES,
  relation: RELATIONS,
  'professional-suffix': PROFESSIONAL_SUFFIXES,
  'cancellation-reason': CANCELLATION_REASONS,
  'board-certification': BOARD_CERTIFICATIONS,
  hospital: HOSPITALS,
  procedure: PROCEDURES,
} as const;
