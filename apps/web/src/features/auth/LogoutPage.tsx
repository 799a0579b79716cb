import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { logout } from '#src/app/session/sessionStore.ts';

/** /logout: ends the session; the guards then show the login page. */
export function LogoutPage() {
  useEffect(() => {
    void logout();
  }, []);
  return (
    <Center h="100vh">
      <Loader />
    </Center>
  );
}
