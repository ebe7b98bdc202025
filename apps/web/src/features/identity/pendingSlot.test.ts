import { describe, expect, it } from 'vitest';
import { readPendingSlot } from './pendingSlot';

const stored = {
  calendarId: 'c1',
  facilityId: 'f1',
  time_slot: { Start: '2026-12-01T15:00:00.000Z', End: '2026-12-01T15:15:00.000Z' },
  entity: { Id: 'p1', Type: 'Practitioner', Name: 'Dr. Ana Ruiz', Speciality: null, Photo: null },
  selectedReason: -1,
  actorLocationCalendars: ['c1'],
  workflow: 'PROVIDER_PROFILE',
  expiresAt: '2026-12-01T14:10:00.000Z',
};

describe('the slot a guest picked, on the login page', () => {
  it('reads the name, photo and start of a stored slot', () => {
    expect(readPendingSlot(JSON.stringify(stored))).toEqual({
      name: 'Dr. Ana Ruiz',
      photo: null,
      start: '2026-12-01T15:00:00.000Z',
      timeZone: null,
      facility: null,
    });
    const withPhoto = { ...stored, entity: { ...stored.entity, Photo: '/p.png' } };
    expect(readPendingSlot(JSON.stringify(withPhoto))?.photo).toBe('/p.png');
  });

  it("keeps the facility's zone and office the time was picked at, so the summary writes the time as picked", () => {
    const picked = {
      ...stored,
      timeZone: 'America/Chicago',
      facility: { Name: 'Riverside Evanston', Address: '1000 Central Street, Evanston, IL 60201' },
    };
    expect(readPendingSlot(JSON.stringify(picked))).toMatchObject({
      timeZone: 'America/Chicago',
      facility: 'Riverside Evanston',
    });
  });

  it('shows no summary for no record, broken JSON or a record without what the summary shows', () => {
    expect(readPendingSlot(null)).toBeNull();
    expect(readPendingSlot('{not json')).toBeNull();
    expect(readPendingSlot('"text"')).toBeNull();
    expect(readPendingSlot(JSON.stringify({ ...stored, entity: null }))).toBeNull();
    expect(readPendingSlot(JSON.stringify({ ...stored, entity: { ...stored.entity, Name: 3 } }))).toBeNull();
    expect(readPendingSlot(JSON.stringify({ ...stored, entity: { ...stored.entity, Photo: 5 } }))).toBeNull();
    expect(readPendingSlot(JSON.stringify({ ...stored, time_slot: { Start: 'soon' } }))).toBeNull();
    expect(readPendingSlot(JSON.stringify({ ...stored, time_slot: undefined }))).toBeNull();
  });
});
