import { afterEach, describe, expect, it } from 'vitest';
import { clearSlotDataForSignIn, loadPendingSelection } from './pendingSelection';

afterEach(() => sessionStorage.clear());

describe('the selection of a guest hold across sign-in (§4.8 step 5)', () => {
  it('clears slot_data on sign-in and loads it back at the callback while the hold is pending', () => {
    sessionStorage.setItem('slot_info', '{"SlotIds":["a"]}');
    sessionStorage.setItem('slot_data', '{"calendarId":"c"}');
    clearSlotDataForSignIn();
    expect(sessionStorage.getItem('slot_data')).toBeNull();
    loadPendingSelection();
    expect(sessionStorage.getItem('slot_data')).toBe('{"calendarId":"c"}');
    expect(sessionStorage.getItem('pending_slot_data')).toBeNull();
  });

  it('keeps nothing aside when no hold is pending, so sign-in starts with no selection', () => {
    sessionStorage.setItem('slot_data', '{"calendarId":"c"}');
    clearSlotDataForSignIn();
    loadPendingSelection();
    expect(sessionStorage.getItem('slot_data')).toBeNull();
  });

  it('does not bring a selection back once its hold is gone', () => {
    sessionStorage.setItem('slot_info', '{"SlotIds":["a"]}');
    sessionStorage.setItem('slot_data', '{"calendarId":"c"}');
    clearSlotDataForSignIn();
    sessionStorage.removeItem('slot_info');
    loadPendingSelection();
    expect(sessionStorage.getItem('slot_data')).toBeNull();
    expect(sessionStorage.getItem('pending_slot_data')).toBeNull();
  });
});
