/**
 * The specialties the home page and the footer offer, each with the value the search uses
 * (patient-booking.md §2.3: shown label → search value). The label is a key of common:specialties.
 */
export const FEATURED_SPECIALTIES = [
  { key: 'primaryCare', value: 'Internist' },
  { key: 'cardiology', value: 'Cardiologist (Heart Doctor)' },
  { key: 'neurology', value: 'Neurologist' },
  { key: 'dermatology', value: 'Dermatologist' },
  { key: 'gastroenterology', value: 'Gastroenterologist' },
  { key: 'psychiatry', value: 'Psychiatrist' },
  { key: 'nephrology', value: 'Nephrologist' },
  { key: 'orthopedics', value: 'Orthopedic Surgeon' },
  { key: 'painMedicine', value: 'Pain Management Specialist' },
  { key: 'obgyn', value: 'OB-GYN (Obstetrician-Gynecologist)' },
] as const;

export type FeaturedSpecialty = (typeof FEATURED_SPECIALTIES)[number];
