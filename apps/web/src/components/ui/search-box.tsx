import { Search, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

const DEBOUNCE_MS = 300;

type SearchInputProps = {
  /** The field's name for screen readers (the placeholder is no label). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Clear search: empties the field (by default through onChange). */
  onClear?: () => void;
  className?: string;
};

/** The search field's look: a magnifier, the text and, once there is text, a Clear search button. */
export function SearchInput({ label, placeholder, value, onChange, onClear, className }: SearchInputProps) {
  const id = useId();
  return (
    <div className={cn('relative', className)}>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        aria-hidden="true"
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {value && (
        <button
          type="button"
          onClick={onClear ?? (() => onChange(''))}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          aria-label="Clear search"
          title="Clear search"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}

type SearchBoxProps = Omit<SearchInputProps, 'value' | 'onChange' | 'onClear'> & {
  /**
   * The search the list shows, when it lives elsewhere (the URL): a change from outside (Back, Clear
   * filters) is shown in the field. Left out, the field keeps its own text.
   */
  value?: string;
  /** Called with the trimmed text: once typing pauses for 300 ms, or at once when cleared. */
  onSearch: (value: string) => void;
};

/** A search field that answers while typing and asks the server once typing pauses. */
export function SearchBox({ value, onSearch, ...inputProps }: SearchBoxProps) {
  const [draft, setDraft] = useState(value ?? '');
  // The search last sent, or last received from outside: what the list is showing.
  const [applied, setApplied] = useState(value ?? '');
  const [lastValue, setLastValue] = useState(value);

  // Our own search coming back leaves the field alone (typing may have gone on); any other is shown.
  if (value !== lastValue) {
    setLastValue(value);
    if (value !== undefined && value !== applied) {
      setDraft(value);
      setApplied(value);
    }
  }

  useEffect(() => {
    const term = draft.trim();
    if (term === applied) return;
    const timer = setTimeout(() => {
      setApplied(term);
      onSearch(term);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, applied, onSearch]);

  return (
    <SearchInput
      {...inputProps}
      value={draft}
      onChange={setDraft}
      onClear={() => {
        setDraft('');
        setApplied('');
        onSearch('');
      }}
    />
  );
}
