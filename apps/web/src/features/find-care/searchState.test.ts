import { describe, expect, it } from 'vitest';
import { defaultSearchState, readSearchParams, toSearchParams, toSearchRequest } from './searchState';

const TODAY = '2026-11-23';
const read = (query: string) => readSearchParams(new URLSearchParams(query), TODAY);

describe('provider-search URL', () => {
  it('defaults to sort by distance, page 1 of 5, any distance, walk-in and tele visits on, today', () => {
    expect(read('')).toEqual(defaultSearchState(TODAY));
    expect(read('')).toMatchObject({
      sortOn: 'distance',
      pageNo: 1,
      pageSize: 5,
      distance: 0,
      walkInTeleVisitEnabled: true,
      date: TODAY,
    });
  });

  it('reads reading 2 names', () => {
    const state = read(
      'specialty[]=Internist&specialty[]=Neurologist&date=2026-11-30&insurance_name=Aetna&insurance_plane_name=Aetna%20Choice%20POS%20II' +
        '&zip_code=10001&gender_code=f&sort_on=next_availability&walk_in_tele_visit_enabled=false&distance=25&visit_type=TeleHealth&page_no=3&page_size=15',
    );
    expect(state).toMatchObject({
      specialties: ['Internist', 'Neurologist'],
      date: '2026-11-30',
      insuranceName: 'Aetna',
      insurancePlanName: 'Aetna Choice POS II',
      zipCode: '10001',
      gender: 'F',
      sortOn: 'next_availability',
      walkInTeleVisitEnabled: false,
      distance: 25,
      visitType: 'TeleHealth',
      pageNo: 3,
      pageSize: 15,
    });
  });

  it('accepts reading 1 names too', () => {
    expect(
      read(
        'Specialty=Dermatologist&ZipCode=60611&SortBy=next_availability&Gender=M&Offset=2&Limit=10&Condition=Acne&City=Chicago',
      ),
    ).toMatchObject({
      specialties: ['Dermatologist'],
      zipCode: '60611',
      sortOn: 'next_availability',
      gender: 'M',
      pageNo: 2,
      pageSize: 10,
      condition: 'Acne',
      city: 'Chicago',
    });
  });

  it('falls back to the defaults for values it cannot use', () => {
    expect(
      read(
        'page_no=0&page_size=10000&distance=-4&sort_on=price&zip_code=10&date=2020-01-01&gender_code=X&visit_type=Drive',
      ),
    ).toMatchObject({
      pageNo: 1,
      pageSize: 5,
      distance: 0,
      sortOn: 'distance',
      zipCode: null,
      date: TODAY,
      gender: null,
      visitType: null,
    });
  });

  it('round-trips every filter through the URL', () => {
    const state = read(
      'specialty[]=Internist&zip_code=100011234&insurance_name=Aetna&gender_code=F&distance=10&visit_type=Walk-In&sort_on=next_availability&page_no=2&text_field=smith',
    );
    expect(read(toSearchParams(state).toString())).toEqual(state);
  });

  it('builds the search body in reading 1 names, with the plan id from the insurance list', () => {
    const state = read(
      'condition=Acne&zip_code=10001&insurance_name=Aetna&insurance_plane_name=Open%20Access&distance=25&page_no=2',
    );
    const body = toSearchRequest(state, (carrier, plan) =>
      carrier === 'Aetna' && plan === 'Open Access' ? 'plan-1' : null,
    );
    expect(body).toEqual({
      Condition: 'Acne',
      Date: TODAY,
      insurance_name: 'Aetna',
      InsurancePlanIds: ['plan-1'],
      ZipCode: '10001',
      Distance: 25,
      SortBy: 'distance',
      Offset: 2,
      Limit: 5,
    });
  });
});
