import { normalizeVoiceTerms, VOICE_TERM_MAX } from '@lantern/contracts';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';

type TermListInputProps = {
  label: string;
  value: string[];
  onChange: (terms: string[]) => void;
  placeholder?: string;
};

/** A list of short terms: typed terms are trimmed and a duplicate (any case) is ignored (5.7). */
export function TermListInput({ label, value, onChange, placeholder }: TermListInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  function add() {
    const next = normalizeVoiceTerms([...value, ...text.split(',')]);
    onChange(next);
    setText('');
  }
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          value={text}
          maxLength={VOICE_TERM_MAX}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              add();
            }
          }}
        />
        <Button
          type="button"
          variant="secondary"
          onClick={add}
          disabled={!text.trim()}
          aria-label={`Add to ${label}`}
        >
          Add
        </Button>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={label}>
          {value.map((term) => (
            <li
              key={term}
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-1 pl-2.5 text-xs text-slate-800"
            >
              {term}
              <button
                type="button"
                className="rounded-full p-0.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
                aria-label={`Remove ${term}`}
                onClick={() => onChange(value.filter((t) => t !== term))}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
