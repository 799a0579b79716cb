import { useTranslation } from 'react-i18next';
import { call } from '#src/api/client.ts';
import { notifyError, notifySuccess } from '#src/app/notify.ts';
import { getSession, setSession } from '#src/app/session/sessionStore.ts';
import { useSession } from '#src/app/session/useSession.ts';

/** The user's favourite trips (spec: the logged-in user's favoriteTrips), and a way to add or remove one. */
export function useFavoriteTrips() {
  const { t } = useTranslation();
  const { user } = useSession();
  const favorites = user?.favoriteTrips ?? [];
  const toggle = async (trip: number) => {
    const favorite = !favorites.includes(trip);
    try {
      const answer = await call('favoritetrip', { trip, favorite });
      const session = getSession();
      if (session.user) setSession({ ...session, user: { ...session.user, favoriteTrips: answer.favoriteTrips } });
      notifySuccess(t(favorite ? 'trip.favoriteAdded' : 'trip.favoriteRemoved', { id: trip }));
    } catch (err) {
      notifyError(err);
    }
  };
  return { favorites, toggle };
}
