import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Patient } from '@careslot/contracts';
import { signInPatient } from '../../../testing/session';
import { renderRoute, setupI18n } from '../../../testing/render';
import { ProfileSettingsPage } from './ProfileSettingsPage';

const { saveSettings, saveLanguage } = vi.hoisted(() => ({ saveSettings: vi.fn(), saveLanguage: vi.fn() }));

const patient = {
  Id: 'patient-1',
  Name: [{ Given: ['Jordan'], Family: 'Ellis' }],
  Telecom: [{ System: 'Email', Value: 'jordan@example.test' }],
  Address: { Address1: '1 Main St', Address2: [], City: 'Austin', State: 'TX', ZipCode: '78701' },
  BirthDate: '1990-04-02',
  TimeZone: 'America/Chicago',
  Communication: ['es'],
} as unknown as Patient;

vi.mock('../api', () => ({
  patientQuery: (id: string) => ({ queryKey: ['patient', id], queryFn: () => Promise.resolve(patient) }),
  savePatientSettings: saveSettings,
  savePatientLanguage: saveLanguage,
  patientKeys: (id: string) => ['patient', id],
}));

beforeAll(() => setupI18n(['portal', 'identity', 'common']));
beforeEach(() => {
  saveSettings.mockReset();
  saveLanguage.mockReset();
  signInPatient();
});

describe('the patient portal profile settings', () => {
  it("says 'Failed to set timezone.' (§8) when the time zone cannot be saved", async () => {
    saveSettings.mockRejectedValue(new Error('network down'));
    renderRoute(<ProfileSettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Failed to set timezone.')).toBeInTheDocument();
    expect(saveSettings).toHaveBeenCalledWith({
      PatientId: 'patient-1',
      TimeZone: 'America/Chicago',
      SmsAlertsEnabled: true,
    });
  });

  it('shows no error when the settings are saved', async () => {
    saveSettings.mockResolvedValue({
      Id: 's-1',
      PatientId: 'patient-1',
      TimeZone: 'America/Chicago',
      SmsAlertsEnabled: true,
    });
    renderRoute(<ProfileSettingsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Save settings' }));
    expect(saveSettings).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Failed to set timezone.')).not.toBeInTheDocument();
    // The language they keep is not sent again.
    expect(saveLanguage).not.toHaveBeenCalled();
  });

  it('shows the language of their messages and saves a new one first in their Communication (issue 30, item 6)', async () => {
    saveSettings.mockResolvedValue({});
    saveLanguage.mockResolvedValue(undefined);
    renderRoute(<ProfileSettingsPage />);
    const language = await screen.findByTestId('profile-language');
    expect(language).toHaveValue('Español');
    await userEvent.click(language);
    await userEvent.click(await screen.findByRole('option', { name: '한국어', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() => expect(saveLanguage).toHaveBeenCalledWith('patient-1', ['ko', 'es']));
  });
});
