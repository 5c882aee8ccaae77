import { Search, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';

const DEBOUNCE_MS = 300;

type SegmentSearchBoxProps = {
  label: string;
  placeholder: string;
  /** Called with the trimmed text when it changes: once typing pauses for 300 ms, or at once when cleared. */
  onSearch: (value: string) => void;
};

/** A search field that answers while typing and asks the server once typing pauses. */
export function SegmentSearchBox({ label, placeholder, onSearch }: SegmentSearchBoxProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const sentRef = useRef('');

  useEffect(() => {
    const term = draft.trim();
    if (term === sentRef.current) return;
    const timer = setTimeout(() => {
      sentRef.current = term;
      onSearch(term);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, onSearch]);

  return (
    <div className="relative">
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
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        className="pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
      />
      {draft && (
        <button
          type="button"
          onClick={() => {
            setDraft('');
            sentRef.current = '';
            onSearch('');
          }}
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
