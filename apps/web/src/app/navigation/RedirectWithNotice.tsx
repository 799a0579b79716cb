import { FORBIDDEN_MESSAGE } from '@tc/domain';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { notifyError } from '../notify.ts';

export interface RedirectWithNoticeProps {
  to: string;
}

/** Turns a user away from a screen they may not open, saying why. */
export function RedirectWithNotice({ to }: RedirectWithNoticeProps) {
  const navigate = useNavigate();
  useEffect(() => {
    notifyError(FORBIDDEN_MESSAGE, 'forbidden');
    void navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
