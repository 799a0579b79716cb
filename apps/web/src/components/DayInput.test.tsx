import '#src/test/setup.ts';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { DayInput } from './DayInput.tsx';

function Period() {
  const [day, setDay] = useState<string | null>(null);
  return (
    <>
      <DayInput label="From" value={day} onChange={setDay} />
      <output>{day ?? 'none'}</output>
    </>
  );
}

describe('DayInput', () => {
  it('takes a typed day, and Enter closes its calendar', async () => {
    render(
      <AppProviders queryClient={new QueryClient()}>
        <Period />
      </AppProviders>,
    );
    const input = screen.getByLabelText('From');
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '2026-11-30' } });
    await screen.findByText('2026-11-30');
    // the calendar is open while typing: its month's table of days
    const calendar = () => screen.queryAllByRole('table', { hidden: true });
    expect(calendar()).toHaveLength(1);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(calendar()).toHaveLength(0));
    expect(screen.getByRole('status').textContent).toBe('2026-11-30');
  });
});
