import { z } from 'zod';
import { dataList } from './envelope';

/** The spec's coded look-up item (patient-booking.md §3.2, practice-portal.md §3.9). */
export const codedItemSchema = z.object({
  Id: z.string(),
  Code: z.string(),
  Display: z.string(),
  System: z.string().nullable(),
  Version: z.string().nullable(),
  Active: z.boolean(),
  CreatedOn: z.string().describe('ISO 8601, UTC'),
  CreatedBy: z.string(),
  ModifiedOn: z.string().describe('ISO 8601, UTC'),
  ExternalModifiedOn: z.string().nullable(),
});
export type CodedItem = z.infer<typeof codedItemSchema>;
export const codedItemListSchema = dataList(codedItemSchema);

export const specialtySchema = z.object({ Id: z.string(), Code: z.string(), Display: z.string() });
export type Specialty = z.infer<typeof specialtySchema>;
export const specialtyListSchema = dataList(specialtySchema);

export const conditionSchema = z.object({
  Id: z.string(),
  Code: z.string(),
  Display: z.string(),
  Specialties: z.array(z.object({ Id: z.string(), Display: z.string() })),
});
export type Condition = z.infer<typeof conditionSchema>;
export const conditionListSchema = dataList(conditionSchema);

export const insurancePlanSchema = z.object({
  Id: z.string(),
  Code: z.string(),
  Name: z.string(),
  PlanType: z.string().nullable(),
});
export const insuranceCarrierSchema = z.object({
  Id: z.string(),
  Code: z.string(),
  Name: z.string(),
  PayerId: z.string().nullable(),
  Plans: z.array(insurancePlanSchema),
});
export type InsuranceCarrier = z.infer<typeof insuranceCarrierSchema>;
export type InsurancePlan = z.infer<typeof insurancePlanSchema>;
export const insuranceCarrierListSchema = dataList(insuranceCarrierSchema);

export const usStateSchema = z.object({ Code: z.string(), Display: z.string(), Fips: z.string() });
export type UsState = z.infer<typeof usStateSchema>;
export const usStateListSchema = dataList(usStateSchema);

/** Zip code look-up item: the lookup request is {Code}; items Code, City, State, CountyCode, County, Latitude, Longitude. */
export const zipCodeSchema = z.object({
  Code: z.string(),
  City: z.string(),
  State: z.string().describe('State name, e.g. New York'),
  StateCode: z.string().describe('Two-letter state code, e.g. NY'),
  StateFips: z.string().nullable(),
  CountyCode: z.string().nullable(),
  County: z.string().nullable(),
  Latitude: z.number().nullable(),
  Longitude: z.number().nullable(),
});
export type ZipCode = z.infer<typeof zipCodeSchema>;
export const zipCodeListSchema = dataList(zipCodeSchema);

export const ZIP_PREFIX_DEFAULT_LIMIT = 20;
export const ZIP_PREFIX_MAX_LIMIT = 50;

export const zipPrefixRequestSchema = z.object({
  Code: z
    .string()
    .regex(/^[0-9]+$/, 'digits only')
    .min(3, 'at least 3 digits')
    .max(5, 'at most 5 digits'),
  Limit: z.number().int().min(1).max(ZIP_PREFIX_MAX_LIMIT).default(ZIP_PREFIX_DEFAULT_LIMIT),
});
export type ZipPrefixRequest = z.infer<typeof zipPrefixRequestSchema>;

/** A whole zip: 5 digits, or ZIP+4 as 9 digits with or without the dash (the catalog keys on the first 5). */
export const zipParamSchema = z.object({
  zip: z.string().regex(/^[0-9]{5}(-?[0-9]{4})?$/, '5 digits, or 9 digits as 12345-6789'),
});
