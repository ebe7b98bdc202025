import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorkingHoursInput } from '@careslot/contracts';
import { Providers, setupI18n } from '../../../testing/render';
import { WeeklyHoursEditor } from './WeeklyHoursEditor';

function Harness({
  initial,
  errors = {},
}: {
  initial: WorkingHoursInput[];
  errors?: Record<string, string>;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <WeeklyHoursEditor value={value} onChange={setValue} errors={errors} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

const valueOf = () => JSON.parse(screen.getByTestId('value').textContent) as WorkingHoursInput[];

describe('WeeklyHoursEditor', () => {
  beforeAll(() => setupI18n(['common', 'scheduleSettings']));

  it('lists each weekday with its periods, adds a period after the last and removes one', async () => {
    render(
      <Providers>
        <Harness initial={[{ DayOfWeek: 1, Start: '09:00', End: '12:00' }]} />
      </Providers>,
    );
    const monday = await screen.findByRole('group', { name: 'Monday' });
    expect(within(monday).getByLabelText('Monday, period 1, from')).toHaveValue('09:00');
    expect(within(screen.getByRole('group', { name: 'Sunday' })).getByText('Closed')).toBeInTheDocument();

    await userEvent.click(within(monday).getByRole('button', { name: 'Add hours on Monday' }));
    expect(valueOf()).toEqual([
      { DayOfWeek: 1, Start: '09:00', End: '12:00' },
      { DayOfWeek: 1, Start: '12:00', End: '13:00' },
    ]);
    await userEvent.click(within(monday).getByRole('button', { name: 'Remove period 1 on Monday' }));
    expect(valueOf()).toEqual([{ DayOfWeek: 1, Start: '12:00', End: '13:00' }]);
  });

  it("shows a period's error at its own input", async () => {
    render(
      <Providers>
        <Harness
          initial={[{ DayOfWeek: 2, Start: '12:00', End: '09:00' }]}
          errors={{ 'WorkingHours.0.End': 'must end after it starts' }}
        />
      </Providers>,
    );
    const tuesday = await screen.findByRole('group', { name: 'Tuesday' });
    expect(within(tuesday).getByText('must end after it starts')).toBeInTheDocument();
  });
});
