import '#src/test/setup.ts';
import { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AppProviders } from '#src/app/AppProviders.tsx';
import { heldTripActions } from '#src/test/heldTripActions.ts';
import { logInAs, logOut, makeUser } from '#src/test/session.ts';
import { fakeFetch } from '#src/test/setup.ts';
import { QueuePanel } from './QueuePanel.tsx';
import { useTrip, useTripAction } from './useTrip.ts';

afterEach(() => logOut());

/** A trip's page as far as the queue cares: its trip, its action runner, one of its actions and the queue panel. */
function Page() {
  const { trip } = useTrip(1);
  const action = useTripAction(trip.data);
  if (!trip.data) return null;
  return (
    <>
      <p>version {trip.data._version}</p>
      <button type="button" onClick={() => void action.act('send')}>
        Send
      </button>
      <QueuePanel unit={1} day="2026-11-26" into={action} />
    </>
  );
}

describe('the queue panel on a trip page', () => {
  it('moves a reservation into the trip only once the page has read the version its last action wrote', async () => {
    logInAs(makeUser('admin'));
    const held = heldTripActions();
    const { sent } = held;
    fakeFetch.mockImplementation(async (_url, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      if (body.act === 'tripaction') return held.handle(body);
      if (body.col === 'trips') return Response.json({ data: [{ _id: 1, _version: held.version, stops: [5] }] });
      // the trip's riders by id, else the day's queue
      if ((body.query as { _id?: unknown })._id)
        return Response.json({ data: [{ _id: 5, _version: 1, status: 'routed', trip: 1 }] });
      return Response.json({
        data: [{ _id: 7, _version: 1, status: 'new', firstName: 'Ana', date: '2026-11-26 09:00' }],
      });
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders queryClient={client}>
        <Page />
      </AppProviders>,
    );
    const move = await screen.findByRole('button', { name: 'Move to trip' });
    expect((move as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    // the page's action is under way: a move now would carry the version it is about to replace
    await waitFor(() => expect((move as HTMLButtonElement).disabled).toBe(true));
    act(() => held.answer());
    await screen.findByText('version 2');
    await waitFor(() => expect((move as HTMLButtonElement).disabled).toBe(false));

    fireEvent.click(move);
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ act: 'tripaction', id: 1, _version: 2, action: 'add', job: 7 });
    act(() => held.answer());
    await screen.findByText('version 3');
  });
});
