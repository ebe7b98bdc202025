import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../../testing/render';
import { QueryContent, SettingsDialog, SettingsForm, SettingsPanel } from './SettingsPanel';

describe('settings panels', () => {
  it('names the section by its heading and shows the lead and the action', () => {
    render(
      <Providers>
        <SettingsPanel
          id="things"
          title="Things"
          lead="What the practice has."
          action={<button>Add thing</button>}
        >
          <p>body</p>
        </SettingsPanel>
      </Providers>,
    );
    const region = screen.getByRole('region', { name: 'Things' });
    expect(region).toHaveTextContent('What the practice has.');
    expect(screen.getByRole('heading', { name: 'Things', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add thing' })).toBeInTheDocument();
  });

  it('shows a spinner while loading, the error as an alert, the empty text, then the rows', () => {
    const rows = (data: string[]) => (
      <ul>
        {data.map((d) => (
          <li key={d}>{d}</li>
        ))}
      </ul>
    );
    const { rerender } = render(
      <Providers>
        <QueryContent query={{ data: undefined, error: null }} empty="Nothing yet.">
          {rows}
        </QueryContent>
      </Providers>,
    );
    expect(screen.getByRole('status')).toBeInTheDocument();
    rerender(
      <Providers>
        <QueryContent
          query={{ data: undefined, error: new Error('The list could not be read.') }}
          empty="Nothing yet."
        >
          {rows}
        </QueryContent>
      </Providers>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('The list could not be read.');
    rerender(
      <Providers>
        <QueryContent query={{ data: [], error: null }} empty="Nothing yet.">
          {rows}
        </QueryContent>
      </Providers>,
    );
    expect(screen.getByText('Nothing yet.')).toBeInTheDocument();
    rerender(
      <Providers>
        <QueryContent query={{ data: ['Room A'], error: null }} empty="Nothing yet.">
          {rows}
        </QueryContent>
      </Providers>,
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Room A');
  });

  it('runs the form through Save and closes the dialog through Cancel and its close button', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => {
      event.preventDefault();
      return Promise.resolve();
    });
    const onClose = vi.fn();
    render(
      <Providers>
        <SettingsDialog title="Add thing" closeLabel="Close" onClose={onClose}>
          <SettingsForm
            onSubmit={onSubmit}
            label="Add thing"
            saveLabel="Save"
            saving={false}
            cancel={{ label: 'Cancel', onClick: onClose }}
          >
            <input aria-label="Name" />
          </SettingsForm>
        </SettingsDialog>
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add thing' });
    expect(screen.getByRole('form', { name: 'Add thing' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(dialog).toBeInTheDocument();
  });
});
