import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';

/**
 * A day of the site's calendar, "YYYY-MM-DD" in and out (the form every period filter sends the
 * server), picked on a calendar or typed; `null` once cleared. Enter after a typed day closes the
 * calendar, which would otherwise stay open over what comes below (a filter's Show button).
 */
export function DayInput({
  value,
  onChange,
  onKeyDown,
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
      onKeyDown={(event) => {
        // the input's blur is what closes Mantine's calendar (it keeps its open state to itself)
        if (event.key === 'Enter') event.currentTarget.blur();
        onKeyDown?.(event);
      }}
    />
  );
}
