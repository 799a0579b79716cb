import { Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A JSON value typed as text, parsed when the field is left (an attribute's parameters). */
export function JsonInput(props: {
  label: string;
  value: unknown;
  onChange: (v: unknown) => void;
  error?: string;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => (props.value === undefined ? '' : JSON.stringify(props.value, null, 2)));
  const [bad, setBad] = useState(false);
  return (
    <Textarea
      label={props.label}
      required={props.required}
      autosize
      minRows={3}
      styles={{ input: { fontFamily: 'monospace' } }}
      value={text}
      error={bad ? t('form.jsonInvalid') : props.error}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={() => {
        if (text.trim() === '') {
          setBad(false);
          props.onChange(undefined);
          return;
        }
        try {
          props.onChange(JSON.parse(text));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}
