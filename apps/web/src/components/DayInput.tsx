import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';

/**
 * A day of the site's calendar, "YYYY-MM-DD" in and out (the form every period filter sends the
 * server), picked on a calendar; `null` once cleared.
 */
export function DayInput({
  value,
  onChange,
  ...props
}: Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat'> & {
  value: string | null;
  onChange: (day: string | null) => void;
}) {
  return (
    <DateInput
      valueFormat="YYYY-MM-DD"
      w={150}
      {...props}
      value={value}
      onChange={(v) => onChange(v ? dayjs(v).format('YYYY-MM-DD') : null)}
    />
  );
}
