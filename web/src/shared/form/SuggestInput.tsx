// A text with usual values offered as the user types (a crop, an occupation), any other one accepted.
import { AutoComplete } from 'antd';
import type { CSSProperties, KeyboardEventHandler } from 'react';

interface Props {
  suggestions: readonly string[];
  value?: string;
  onChange?: (text: string) => void;
  onSelect?: (text: string) => void;
  onKeyDown?: KeyboardEventHandler;
  placeholder?: string;
  'aria-label'?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  id?: string;
}

const folded = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('fr');

export default function SuggestInput({ suggestions, ...props }: Props) {
  return (
    <AutoComplete
      options={suggestions.map((value) => ({ value }))}
      showSearch={{ filterOption: (input, option) => folded(String(option?.value ?? '')).includes(folded(input)) }}
      {...props}
    />
  );
}
