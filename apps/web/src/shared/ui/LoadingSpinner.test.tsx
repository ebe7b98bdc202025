import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Providers, setupI18n } from '../../testing/render';
import { LoadingSpinner } from './LoadingSpinner';

beforeAll(() => setupI18n());

describe('LoadingSpinner', () => {
  it("says 'Loading...' unless given its own text, as a polite status", () => {
    const { rerender } = render(
      <Providers>
        <LoadingSpinner />
      </Providers>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    rerender(
      <Providers>
        <LoadingSpinner text="Loading your appointments" />
      </Providers>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading your appointments');
  });
});
