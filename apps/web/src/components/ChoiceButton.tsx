import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ChoiceButtonProps {
  /** This row is the one chosen. */
  chosen: boolean;
  /** What choosing it chooses, for assistive technology ("Choose the fare of Sedan"). */
  label: string;
  onChoose: () => void;
}

/** "Choose" on a row of a table of choices (fares, departures): pressed and "Chosen" once it is the one. */
export function ChoiceButton({ chosen, label, onChoose }: ChoiceButtonProps) {
  const { t } = useTranslation();
  return (
    <Button
      size="xs"
      variant={chosen ? 'filled' : 'default'}
      onClick={onChoose}
      aria-pressed={chosen}
      aria-label={label}
    >
      {chosen ? t('booking.chosen') : t('booking.choose')}
    </Button>
  );
}
