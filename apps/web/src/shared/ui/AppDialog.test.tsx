import { beforeAll, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Providers } from '../../testing/render';
import { AppDialog } from './AppDialog';

function modalSize() {
  const root = document.querySelector<HTMLElement>('.mantine-Modal-root');
  // Mantine writes sizes in rem at a 16 px root: calc(34.375rem * var(--mantine-scale)) is 550 px.
  const rem = /calc\(([\d.]+)rem/.exec(root?.style.getPropertyValue('--modal-size') ?? '')?.[1];
  return rem ? `${Number(rem) * 16}px` : undefined;
}

describe('AppDialog', () => {
  // The dialog's window is loaded when a dialog first opens; loading (transforming) it once here keeps the
  // first test's wait about the dialog, not about the test runner compiling Mantine's Modal.
  beforeAll(async () => {
    await import('./AppDialogModal');
  });

  it('shows the title, the message and up to three buttons, each calling its own handler', async () => {
    const primary = vi.fn();
    const secondary = vi.fn();
    const tertiary = vi.fn();
    render(
      <Providers>
        <AppDialog
          opened
          onClose={() => {}}
          title="Time Zone Difference"
          message="Are you sure you want to continue with this selection?"
          primary={{ label: 'Yes', onClick: primary }}
          secondary={{ label: 'No', onClick: secondary }}
          tertiary={{ label: 'Later', onClick: tertiary }}
        />
      </Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Time Zone Difference' });
    expect(dialog).toHaveTextContent('Are you sure you want to continue with this selection?');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await userEvent.click(screen.getByRole('button', { name: 'No' }));
    await userEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect([primary, secondary, tertiary].map((fn) => fn.mock.calls.length)).toEqual([1, 1, 1]);
  });

  it('renders only the buttons it is given', async () => {
    render(
      <Providers>
        <AppDialog
          opened
          onClose={() => {}}
          title="Notice"
          message="Saved."
          primary={{ label: 'OK', onClick: () => {} }}
        />
      </Providers>,
    );
    await screen.findByRole('dialog', { name: 'Notice' });
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(expect.arrayContaining(['OK']));
    expect(screen.queryByRole('button', { name: 'No' })).not.toBeInTheDocument();
  });

  it.each([
    ['generic', '550px'],
    ['popup', '800px'],
    ['small', '350px'],
  ] as const)('is %s: %s wide', async (variant, width) => {
    render(
      <Providers>
        <AppDialog opened onClose={() => {}} title="Sized" variant={variant} />
      </Providers>,
    );
    await screen.findByRole('dialog', { name: 'Sized' });
    expect(modalSize()).toBe(width);
  });

  it('closes on Escape through onClose', async () => {
    const onClose = vi.fn();
    render(
      <Providers>
        <AppDialog opened onClose={onClose} title="Closable" />
      </Providers>,
    );
    await screen.findByRole('dialog', { name: 'Closable' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });
});
