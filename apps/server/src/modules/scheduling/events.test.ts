import { describe, expect, it } from 'vitest';
import type { Slot } from '@careslot/contracts';
import type { PublishOptions } from '../../platform/realtime';
import { emitSlotChange, emitSlotDeleted } from './events';
import { narrowSlot } from './service';

const scheduleId = '0b4c2f1e-8a9d-4e5f-9a1b-2c3d4e5f6a7b';
const slot: Slot = {
  ScheduleId: scheduleId,
  Status: 'free',
  Start: '2026-11-24T15:00:00.000Z',
  End: '2026-11-24T15:30:00.000Z',
  Capacity: 4,
  CapacityAvailable: 3,
  SlotIds: [`${scheduleId}_2026-11-24T15:00:00.000Z`],
  SlotVisitType: ['Office'],
  ServiceCategory: [
    { Id: 'group', Name: 'Group', Duration: 30, Capacity: 3, CapacityAvailable: 2 },
    { Id: 'one', Name: 'One to one', Duration: 30, Capacity: 1, CapacityAvailable: 1 },
  ],
  ServiceType: [
    { Id: 'yoga', Name: 'Yoga', Duration: 30, ServiceCategoryId: 'group', VisitType: 'Office' },
    { Id: 'physio', Name: 'Physio', Duration: 30, ServiceCategoryId: 'one', VisitType: 'Office' },
  ],
};

function recorder() {
  const sent: PublishOptions[] = [];
  return { sent, publisher: { publish: (options: PublishOptions) => (sent.push(options), 'id') } };
}

describe('slot events on the calendar hub', () => {
  it('sends the whole slot to the schedule room and one narrowed event per reason to the reasons room', () => {
    const { sent, publisher } = recorder();
    emitSlotChange(publisher, 'taken', slot, narrowSlot);
    expect(sent.map((s) => [s.event, s.rooms])).toEqual([
      ['SlotUpdated', [`schedule:${scheduleId}`]],
      ['ReasonBasedSlotUpdated', [`schedule-reasons:${scheduleId}`]],
      ['ReasonBasedSlotUpdated', [`schedule-reasons:${scheduleId}`]],
    ]);
    expect(sent[0]!.data).toMatchObject({ Capacity: 4, CapacityAvailable: 3, SlotId: slot.SlotIds[0] });
    expect(sent[1]!.data).toMatchObject({
      Capacity: 3,
      CapacityAvailable: 2,
      ServiceType: [{ Id: 'yoga' }],
      ServiceCategory: [{ Id: 'group' }],
    });
    expect(sent[2]!.data).toMatchObject({
      Capacity: 1,
      CapacityAvailable: 1,
      ServiceType: [{ Id: 'physio' }],
      ServiceCategory: [{ Id: 'one' }],
    });
  });

  it('sends a slot without reasons once to each room, and a returned place as SlotAdded', () => {
    const { sent, publisher } = recorder();
    emitSlotChange(publisher, 'returned', { ...slot, ServiceType: [], ServiceCategory: [] }, narrowSlot);
    expect(sent.map((s) => s.event)).toEqual(['SlotAdded', 'ReasonBasedSlotAdded']);
  });

  it('sends SlotDeleted with ids only', () => {
    const { sent, publisher } = recorder();
    emitSlotDeleted(publisher, { SlotIds: slot.SlotIds, ScheduleId: scheduleId, Start: slot.Start });
    expect(sent.map((s) => [s.event, s.rooms[0]])).toEqual([
      ['SlotDeleted', `schedule:${scheduleId}`],
      ['ReasonBasedSlotDeleted', `schedule-reasons:${scheduleId}`],
    ]);
    expect(Object.keys(sent[0]!.data).sort()).toEqual(['Id', 'ScheduleId', 'SlotId', 'SlotIds', 'Start']);
  });
});
