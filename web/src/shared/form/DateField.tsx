// The one date input of every form: a text field that reads the date as people type it (see dateText.ts),
// shows it as jj/mm/aaaa once left, and keeps a text that is not a date, so that nothing typed is lost.
import { CalendarOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { fr } from '../locale/fr';
import { dateText, dateValue, type DateRange } from './dateText';

interface Props {
  id?: string;
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  onBlur?: () => void;
  disabled?: boolean;
  range?: DateRange;
  'aria-invalid'?: boolean;
}

export default function DateField({ value, onChange, onBlur, range, ...rest }: Props) {
  // While the field is being typed in, it shows the text as typed; otherwise the value as jj/mm/aaaa.
  const [typing, setTyping] = useState<string | null>(null);
  const shown = typing ?? dateText(value);
  return (
    <Input
      {...rest}
      value={shown}
      placeholder={fr.dates.placeholder}
      autoComplete="off"
      inputMode="numeric"
      suffix={<CalendarOutlined aria-hidden style={{ color: 'rgba(0, 0, 0, 0.45)' }} />}
      onChange={(event) => {
        const text = event.target.value;
        setTyping(text);
        onChange?.(dateValue(text, range));
      }}
      onKeyDown={(event) => {
        // Enter confirms the date (shown as jj/mm/aaaa), as a date picker does, without sending the form.
        if (event.key === 'Enter') {
          event.preventDefault();
          setTyping(null);
        }
      }}
      onBlur={() => {
        setTyping(null);
        onBlur?.();
      }}
    />
  );
}
