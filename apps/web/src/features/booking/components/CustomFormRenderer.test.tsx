import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormAnswers } from '@careslot/contracts';
import { validateFormAnswers } from '@careslot/domain';
import { Providers, setupI18n } from '../../../testing/render';
import { screeningForm } from '../bookingTestApi';
import { CustomFormRenderer } from './CustomFormRenderer';

const intake = {
  Id: 'f2',
  Name: 'Intake',
  Description: null,
  Definition: {
    Sections: [
      {
        Key: 's',
        Title: 'About you',
        Components: [
          { Key: 'pain', Type: 'number' as const, Label: 'Pain level', Required: true, Min: 0, Max: 10 },
          {
            Key: 'kind',
            Type: 'choice' as const,
            Label: 'Visit kind',
            Required: true,
            Options: [
              { Value: 'new', Label: 'New problem' },
              { Value: 'follow', Label: 'Follow-up' },
            ],
          },
          {
            Key: 'symptoms',
            Type: 'multi-choice' as const,
            Label: 'Symptoms',
            Required: false,
            Options: [
              { Value: 'cough', Label: 'Cough' },
              { Value: 'fever', Label: 'Fever' },
            ],
          },
          { Key: 'notes', Type: 'text' as const, Label: 'Notes', Required: false, MaxLength: 5 },
          { Key: 'letter', Type: 'file' as const, Label: 'Referral letter', Required: false },
        ],
      },
    ],
  },
};

/** The renderer as a page uses it: answers in state, errors shown once "submitted". */
function Harness({ form, submitted }: { form: typeof intake | typeof screeningForm; submitted: boolean }) {
  const [answers, setAnswers] = useState<FormAnswers>({});
  return (
    <>
      <CustomFormRenderer
        form={form}
        answers={answers}
        errors={submitted ? validateFormAnswers(form.Definition, answers) : {}}
        onChange={(k, v) => setAnswers((a) => ({ ...a, [k]: v }))}
      />
      <output data-testid="answers">{JSON.stringify(answers)}</output>
    </>
  );
}

describe('the custom form renderer', () => {
  beforeAll(async () => {
    await setupI18n(['common', 'bookingFlow']);
  });

  it('marks every required question and says which answer is missing', () => {
    render(
      <Providers>
        <Harness form={screeningForm} submitted />
      </Providers>,
    );
    expect(screen.getByRole('group', { name: 'Health screening' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: /Have you had a fever\?/ })).toBeInTheDocument();
    // The yes/no question and the signature; the date question is hidden until a 'yes'.
    expect(screen.getAllByText('This question needs an answer.')).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: /Type your full name/ })).toHaveAccessibleDescription(
      expect.stringContaining('This question needs an answer.'),
    );
  });

  it('shows a conditional question only when its condition holds, and hides it again', async () => {
    render(
      <Providers>
        <Harness form={screeningForm} submitted={false} />
      </Providers>,
    );
    expect(screen.queryByLabelText(/When did it start\?/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText(/When did it start\?/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByLabelText(/When did it start\?/)).not.toBeInTheDocument();
    expect(JSON.parse(screen.getByTestId('answers').textContent)).toEqual({ fever: false });
  });

  it('renders numbers, choices, multi-choices, text and files, and names the broken rule', async () => {
    render(
      <Providers>
        <Harness form={intake} submitted />
      </Providers>,
    );
    // The number input loads with the first form that has one; a read-only box stands in until then.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /Pain level/ })).not.toHaveAttribute('readonly'),
    );
    await userEvent.type(screen.getByRole('textbox', { name: /Pain level/ }), '12');
    expect(screen.getByRole('textbox', { name: /Pain level/ })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a number of at most 10.'),
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Follow-up' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fever' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Notes' }), 'too long');
    expect(screen.getByRole('textbox', { name: 'Notes' })).toHaveAccessibleDescription(
      expect.stringContaining('Use at most 5 characters.'),
    );
    expect(JSON.parse(screen.getByTestId('answers').textContent)).toMatchObject({
      kind: 'follow',
      symptoms: ['fever'],
    });
    expect(screen.getByText('Referral letter')).toBeInTheDocument();
    // A file question cannot be answered where nothing stores the file.
    expect(screen.getByRole('button', { name: /Referral letter/ })).toBeDisabled();
  });
});
