import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { login } from '#src/app/session/sessionStore.ts';
import { AuthCard } from './AuthCard.tsx';
import { LoginForm } from './LoginForm.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.login.title')}>
      <LoginForm
        onLogin={login}
        footer={
          <Anchor component={Link} to="/forgot_password" size="sm">
            {t('auth.login.forgot')}
          </Anchor>
        }
      />
    </AuthCard>
  );
}
